import XCTest
import Foundation
import SceneModel
import TableRender
@testable import TableRenderQuartz

/// Issue 54.6 from Swift: `overrideUserInterfaceStyle` (the scene's, the root view
/// controller's), `traitCollection`, dynamic colours and system colours resolved in the scene's
/// appearance.
final class AppearanceSwiftTests: XCTestCase {
    final class DarkList: RowsController {
        var seen: UIUserInterfaceStyle = .unspecified
        override func viewDidLoad() {
            super.viewDidLoad()
            overrideUserInterfaceStyle = .dark
            seen = traitCollection.userInterfaceStyle
        }
    }

    /// A table controller asking for dark in its viewDidLoad draws its table dark: a black
    /// background, white titles, the dark separator; the same controller without it, light.
    func testTheRootViewControllersStyleIsTheScenes() throws {
        let dark = DarkList(count: 3)
        var scene = LayerScene(size: CGSize(width: 200, height: 150), scale: 1, fps: 10, duration: 0)
        scene.rootViewController = dark
        XCTAssertEqual(dark.seen, .dark, "its traits follow its override at once")
        let r = try Renderer(scene)
        XCTAssertEqual(r.loaded.scene.canvas.appearance, .dark)
        XCTAssertEqual(r.loaded.scene.table?.separatorColor, Color(84, 84, 88, 0.6))
        XCTAssertEqual(r.rgb(at: 0, 190, 20), [0, 0, 0], "the plain table's systemBackground, dark")
        let px = r.frame(at: 0).unpremultipliedRGBA()
        let brightest = stride(from: 0, to: 200 * 44 * 4, by: 4).map { Int(px[$0]) }.max() ?? 0
        XCTAssertEqual(brightest, 255, "the title in label: white")
        var lightScene = LayerScene(size: CGSize(width: 200, height: 150), scale: 1, fps: 10, duration: 0)
        lightScene.rootViewController = RowsController(count: 3)
        XCTAssertEqual(try Renderer(lightScene).rgb(at: 0, 190, 20), [255, 255, 255])
        // Its JSON says so, and draws the same.
        let json = try scene.json()
        XCTAssertTrue(json.contains(#""appearance":"dark""#) || json.contains(#""appearance": "dark""#), json)
        XCTAssertTrue(Renderer(loaded: try SceneLoader.load(bytes: Array(json.utf8), displayName: "json", directory: ".")).frame(at: 0).data
                      == r.frame(at: 0).data)
    }

    /// The scene's own override; a dynamic colour, a system colour with another alpha.
    func testDynamicAndSystemColoursResolveInTheScenesAppearance() throws {
        func swatch(_ color: UIColor, dark: Bool) throws -> [UInt8] {
            var scene = LayerScene(size: CGSize(width: 10, height: 10), scale: 1, fps: 1, duration: 0)
            if dark { scene.overrideUserInterfaceStyle = .dark }
            let l = CALayer()
            l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            l.backgroundColor = color.cgColor
            scene.layers = [l]
            return try Renderer(scene).rgb(at: 0, 5, 5)
        }
        let dynamic = UIColor { $0.userInterfaceStyle == .dark ? .blue : .red }
        XCTAssertEqual(try swatch(dynamic, dark: false), [255, 0, 0])
        XCTAssertEqual(try swatch(dynamic, dark: true), [0, 0, 255])
        XCTAssertEqual(try swatch(.systemBackground, dark: true), [0, 0, 0])
        XCTAssertEqual(try swatch(.systemBlue, dark: true), [10, 132, 255])
        XCTAssertEqual(try swatch(.label.withAlphaComponent(1), dark: true), [255, 255, 255], "a system colour with an alpha stays dynamic")
        XCTAssertEqual(UIColor.label.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)).cgColor.red, 1)
    }

    final class LateDark: RowsController {}

    /// A change of appearance after the scene showed the controller is not drawn: said, by name.
    func testAChangeOfAppearanceWhileTheSceneRunsIsSaid() {
        let vc = LateDark(count: 2)
        var scene = LayerScene(size: CGSize(width: 200, height: 150), scale: 1, fps: 10, duration: 1)
        scene.rootViewController = vc
        scene.at(0.5) { vc.overrideUserInterfaceStyle = .dark }
        XCTAssertThrowsError(try scene.json()) { error in
            XCTAssertTrue("\(error)".contains("overrideUserInterfaceStyle = .dark on LateDark after the scene showed it light"), "\(error)")
        }
        var other = LayerScene(size: CGSize(width: 200, height: 150), scale: 1, fps: 10, duration: 0)
        let sub = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        sub.overrideUserInterfaceStyle = .dark
        other.layers = [sub.layer]
        XCTAssertThrowsError(try other.json()) { error in
            XCTAssertTrue("\(error)".contains("not the screen's root view"), "\(error)")
        }
    }
}

/// The preferred text size from Swift: `preferredFont(forTextStyle:)` and the table follow the
/// scene's `preferredContentSizeCategory`.
final class ContentSizeSwiftTests: XCTestCase {
    final class FontList: RowsController {
        var bodySize: CGFloat = 0
        override func viewDidLoad() {
            super.viewDidLoad()
            bodySize = UIFont.preferredFont(forTextStyle: .body).pointSize
        }
    }

    func testTheScenesTextSizeIsPreferredFontsAndTheTables() throws {
        let vc = FontList(count: 2)
        var scene = LayerScene(size: CGSize(width: 200, height: 150), scale: 1, fps: 10, duration: 0)
        scene.preferredContentSizeCategory = .extraExtraExtraLarge
        scene.rootViewController = vc
        XCTAssertEqual(vc.bodySize, 23)
        XCTAssertEqual(vc.traitCollection.preferredContentSizeCategory, .extraExtraExtraLarge)
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .footnote, compatibleWith: UITraitCollection(preferredContentSizeCategory: .accessibilityMedium)).pointSize, 23)
        let r = try Renderer(scene)
        XCTAssertEqual(r.loaded.scene.canvas.contentSizeCategory, .extraExtraExtraLarge)
        let json = try scene.json()
        XCTAssertTrue(json.contains("extraExtraExtraLarge"), json)
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .body).pointSize, 17, "outside any scene: Large")
    }
}
