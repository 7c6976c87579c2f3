import XCTest
import ArticlePorts
import TableRenderQuartz

final class DropInCardsTests: XCTestCase {
    func testThePortDrawsCardsJSON() throws {
        try MainActor.assumeIsolated {
            try assertSameFrames(CTMainViewController().scene(directory: scenes), "cards.json", step: 14)
        }
    }

    /// The shown-indexes set makes it a first-display effect; the transform is the article's.
    func testTheDisplayEffectIsTheArticles() throws {
        try MainActor.assumeIsolated {
            let json = try CTMainViewController().scene().json()
            for expected in [#""rotate": [-15, 0, 0, 1]"#, #""translate": [-20, -20, 0]"#, #""opacity": 0.8"#, #""duration": 0.4"#,
                             #""target": "card""#, #""once": true"#] {
                XCTAssertTrue(json.contains(expected), "\(expected) in \(json)")
            }
        }
    }
}

extension DropInCardsTests {
    /// The hook remembers the rows it animated; writing the scene again gives the same scene.
    func testWritingTwiceGivesTheSameScene() throws {
        try MainActor.assumeIsolated {
            let scene = CTMainViewController().scene()
            XCTAssertEqual(try scene.json(), try scene.json())
        }
    }
}
