import Foundation

/// Paths of the package under test.
public enum Package {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    public static func scene(_ name: String) -> String { root + "/scenes/" + name }

    /// The tablerender executable built beside the test bundle (render.sh builds it first).
    public static var executable: String {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return dir.appendingPathComponent("tablerender").path
    }

    /// A new path under the temporary folder (not created).
    public static func temporaryDirectory() -> String {
        NSTemporaryDirectory() + "tablerender-tests-" + UUID().uuidString
    }
}

/// Runs the CLI; returns exit status, stdout and stderr.
public func runCLI(_ args: [String], environment: [String: String]? = nil) throws -> (status: Int32, out: String, err: String) {
    try runProgram(Package.executable, args, environment: environment)
}

/// Runs a program; returns exit status, stdout and stderr.
public func runProgram(_ program: String, _ args: [String], environment: [String: String]? = nil) throws -> (status: Int32, out: String, err: String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: program)
    p.arguments = args
    if let environment { p.environment = environment }
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
}
