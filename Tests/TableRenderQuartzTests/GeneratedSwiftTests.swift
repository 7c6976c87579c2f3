import Foundation
import XCTest
import SceneModel
@testable import SceneJSON

/// What the sources say of the layer properties against what the property table says: the
/// layer classes' stored properties (`CALayer.swift`'s generated regions), their key-value coding
/// (`CALayer+KeyValueCoding.generated.swift`) and the reference tables of docs/scene-format.md.
/// `./render.sh generate` writes them (the `generate-properties` tool); CI only compares.
final class GeneratedSwiftTests: XCTestCase {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheSourcesSayWhatTheTableSays() throws {
        for file in LayerProperties.generatedFiles {
            let current = try String(contentsOf: GeneratedSwiftTests.repo.appendingPathComponent(file), encoding: .utf8)
            let expected = try XCTUnwrap(LayerProperties.regenerated(file, current: current), "\(file): generated regions missing")
            XCTAssertTrue(current == expected, "\(file) differs from the property table: run ./render.sh generate")
        }
    }

    /// A region is found by its markers and only its text is replaced.
    func testARegionIsReplacedBetweenItsMarkers() {
        let text = "a\n// BEGIN x\nold\nold\n// END\nb\n"
        XCTAssertEqual(LayerProperties.replacing(text, begin: "// BEGIN x", end: "// END", with: "new\n"), "a\n// BEGIN x\nnew\n// END\nb\n")
        XCTAssertNil(LayerProperties.replacing(text, begin: "// BEGIN y", end: "// END", with: ""))
        XCTAssertNil(LayerProperties.regenerated(LayerProperties.generatedFiles[0], current: "no markers"))
    }

    /// The generated declarations give each property its type and Core Animation's default.
    func testDeclarationsReadAsCoreAnimations() {
        let layer = LayerProperties.swiftDeclarations("CALayer")
        XCTAssertTrue(layer.contains("@Recorded(\"hidden\") open var isHidden: Bool = false"))
        XCTAssertTrue(layer.contains("@Recorded(\"shadowOffset\") open var shadowOffset: CGSize = CGSize(width: 0, height: -3)"))
        XCTAssertTrue(layer.contains("@Recorded(\"cornerCurve\") open var cornerCurve: CALayerCornerCurve = CALayerCornerCurve.circular"))
        XCTAssertTrue(layer.contains("@Recorded(\"contents\") open var contents: Any? = nil"))
        XCTAssertFalse(layer.contains("var frame"), "a derived property is not stored")
        let shape = LayerProperties.swiftDeclarations("CAShapeLayer")
        XCTAssertTrue(shape.contains("@Recorded(\"path\") open var path: CGPath? = nil"))
        XCTAssertTrue(shape.contains("@Recorded(\"fillColor\") open var fillColor: CGColor? = UIColor.black.cgColor"))
        let kvc = LayerProperties.swiftKeyValueCoding()
        XCTAssertTrue(kvc.contains("case \"frame\": if let v = value as? CGRect { frame = v }"))
        XCTAssertTrue(kvc.contains("case \"lineCap\": if let v = CALayer.name(value) { lineCap = CAShapeLayerLineCap(rawValue: v) }"))
    }
}
