import XCTest
import Foundation
import SceneJSON
import TestSupport
@testable import SceneModel

/// One rule book for a scene read from a file and one built in memory (issue 50, step 2): the
/// decoder checks values as it reads them, `Scene.validate()` checks a scene built in memory
/// (Swift code) with the same wording. Whatever the decoder accepts, the model's validation must
/// accept too: a scene written in Swift exactly as a shipped scene is written in JSON is not
/// refused. Every shipped scene and every good case of the corpus, decoded, validates clean.
final class ValidatorAgreementTests: XCTestCase {
    func testEverySceneTheDecoderAcceptsValidatesClean() throws {
        let fm = FileManager.default
        var checked = 0
        for folder in ["scenes", "Tests/Corpus/good"] {
            let dir = Package.root + "/" + folder
            for name in try fm.contentsOfDirectory(atPath: dir).sorted() where name.hasSuffix(".json") {
                let bytes = try XCTUnwrap(fm.contents(atPath: dir + "/" + name))
                let scene = try SceneDecoder.decode(bytes: Array(bytes), displayName: name, directory: dir)
                let problems = scene.validate()
                XCTAssertEqual(problems.map { "\($0.path): \($0.message)" }, [], "\(folder)/\(name)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 45, "the shipped scenes and the corpus's good cases")
    }
}
