import XCTest
import SceneJSON
import SceneModel
@testable import TableEngine

extension TableSimulation {
    /// The table of a scene written as JSON text, decoded as a file is (tests' shorthand).
    static func decoded(_ json: String) throws -> TableSimulation {
        let scene = try SceneDecoder.decode(bytes: Array(json.utf8), displayName: "t", directory: ".")
        return try XCTUnwrap(TableSimulation(scene: scene))
    }
}
