import Foundation
import XCTest
@testable import SceneModel
@testable import TableRender

/// Paths of the package under test.
enum Package {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static func scene(_ name: String) -> String { root + "/scenes/" + name }

    /// The tablerender executable built beside this test bundle (render.sh builds it first).
    static var executable: String {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return dir.appendingPathComponent("tablerender").path
    }

    static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "tablerender-tests-" + UUID().uuidString
        return path
    }
}

/// Runs the CLI; returns exit status, stdout and stderr.
func runCLI(_ args: [String], environment: [String: String]? = nil) throws -> (status: Int32, out: String, err: String) {
    try runProgram(Package.executable, args, environment: environment)
}

/// Runs a program; returns exit status, stdout and stderr.
func runProgram(_ program: String, _ args: [String], environment: [String: String]? = nil) throws -> (status: Int32, out: String, err: String) {
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
