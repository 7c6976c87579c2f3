import Foundation
import SceneModel
import TableRenderQuartz
import XCTest

/// `UIImage(systemName:)` (issue 51): our own glyphs for the SF Symbols table code uses most,
/// their sizes and configurations, drawn by a built-in cell's image view in the tint colour
/// and by any `UIImageView`, and written to the format as a row's `image.symbol`.
final class SymbolTests: XCTestCase {
    /// The glyph table the library draws is tools/symbols/symbols.json, the drawings looked at
    /// on the contact sheet (tools/symbols/render.sh): regenerated, not edited by hand.
    func testTheGlyphTableIsTheDrawings() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("tools/symbols/symbols.json")
        let table = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: [String: Any]])
        XCTAssertEqual(Set(table.keys), Set(SymbolGlyph.all.keys))
        XCTAssertGreaterThanOrEqual(table.count, 40)
        for (name, g) in table {
            guard let glyph = SymbolGlyph.all[name] else { XCTFail(name); continue }
            XCTAssertEqual(g["width"] as? Double, glyph.width, name)
            XCTAssertEqual(g["height"] as? Double, glyph.height, name)
            XCTAssertEqual(g["fill"] as? String, glyph.fill, name)
            XCTAssertEqual(g["stroke"] as? String, glyph.stroke, name)
            XCTAssertEqual(g["lineWidth"] as? Double, glyph.lineWidth, name)
            XCTAssertNotNil(UIImage(systemName: name), name)
        }
    }

    /// A name we draw no glyph for is nil, as UIKit's for a name it does not know; sizes follow
    /// the point size and scale; a file image is not a symbol.
    func testSymbolImagesAndTheirConfigurations() throws {
        XCTAssertNil(UIImage(systemName: "no.such.symbol"))
        let chevron = try XCTUnwrap(UIImage(systemName: "chevron.right"))
        XCTAssertEqual(chevron.size, CGSize(width: 7, height: 12))
        let big = chevron.withConfiguration(UIImage.SymbolConfiguration(pointSize: 34))
        XCTAssertEqual(big.size, CGSize(width: 14, height: 24))
        let large = try XCTUnwrap(UIImage(systemName: "chevron.right", withConfiguration: UIImage.SymbolConfiguration(scale: .large)))
        XCTAssertEqual(large.size, CGSize(width: 8.75, height: 15))
        XCTAssertNil(UIImage(named: "logo.png").applyingSymbolConfiguration(UIImage.SymbolConfiguration(pointSize: 20)))
        XCTAssertEqual(UIImageView(image: big).frame.size, CGSize(width: 14, height: 24), "an image view takes its image's size")
        XCTAssertEqual(UIImageView(image: big).intrinsicContentSize, CGSize(width: 14, height: 24))
    }

    final class Icons: UITableViewController {
        var tint: UIColor?
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = indexPath.row == 0 ? "Favourites" : "Trash"
            cell.imageView?.image = UIImage(systemName: indexPath.row == 0 ? "star.fill" : "trash.fill")
            if let tint, indexPath.row == 1 { cell.imageView?.tintColor = tint }
            return cell
        }
    }

    /// The colours of the pixels where a built-in cell's symbol sits (leading margin 16 pt,
    /// centred in the 44 pt row), found as the row's pixels that are neither white nor grey.
    func symbolColors(_ r: Renderer, row: Int) -> Set<[UInt8]> {
        let f = r.frame(at: 0)
        let p = f.unpremultipliedRGBA()
        var out: Set<[UInt8]> = []
        for y in (row * 44 + 16)..<(row * 44 + 28) {
            for x in 16..<33 {
                let i = (y * f.width + x) * 4
                let c = Array(p[i..<i + 3])
                if c.max() != c.min() { out.insert(c) }
            }
        }
        return out
    }

    /// A built-in cell's symbol is drawn at the leading margin in the tint colour (systemBlue),
    /// or the image view's `tintColor`; the text starts 15 pt after it; `json()` writes it as
    /// the row's `image.symbol`, which draws the same.
    func testABuiltInCellDrawsItsSymbolInTheTint() throws {
        let list = Icons(style: .plain)
        list.tint = .systemRed
        var s = LayerScene(size: CGSize(width: 200, height: 100), scale: 1, fps: 1, duration: 0)
        s.rootViewController = list
        let r = try Renderer(s)
        XCTAssertTrue(symbolColors(r, row: 0).contains([0, 122, 255]), "systemBlue: \(symbolColors(r, row: 0))")
        XCTAssertTrue(symbolColors(r, row: 1).contains([255, 59, 48]), "systemRed: \(symbolColors(r, row: 1))")
        let json = try s.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""image":{"symbol":"star.fill"}"#), json)
        XCTAssertTrue(json.contains(#""image":{"symbol":"trash.fill","color":"systemRed"}"#), json)
        let file = try Renderer(LayerScene(json: Array(json.utf8)))
        XCTAssertTrue(file.frame(at: 0).unpremultipliedRGBA() == r.frame(at: 0).unpremultipliedRGBA(), "the file draws the same")
    }

    /// A symbol taller than its row is drawn shrunk into it, as an image file is (it was drawn
    /// whole, over the next row); the value2 style draws no image, as UIKit's.
    func testATallSymbolFitsItsRowAndValue2ShowsNone() throws {
        final class Tall: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                if indexPath.row == 0 {
                    cell.imageView?.image = UIImage(systemName: "square.and.arrow.up", withConfiguration: UIImage.SymbolConfiguration(pointSize: 60))
                    cell.imageView?.tintColor = .systemRed
                }
                return cell
            }
        }
        var s = LayerScene(size: CGSize(width: 200, height: 100), scale: 1, fps: 1, duration: 0)
        s.rootViewController = Tall(style: .plain)
        XCTAssertTrue(symbolColors(try Renderer(s), row: 0).contains([255, 59, 48]), "row 0's symbol")
        let f = try Renderer(s).frame(at: 0)
        let p = f.unpremultipliedRGBA()
        let spill = (46..<70).contains { y in (16..<60).contains { x in let i = (y * f.width + x) * 4; return p[i] == 255 && p[i + 1] == 59 && p[i + 2] == 48 } }
        XCTAssertFalse(spill, "nothing of row 0's symbol in row 1")
        final class Contact: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .value2, reuseIdentifier: nil)
                cell.textLabel?.text = "mobile"
                cell.imageView?.image = UIImage(systemName: "star.fill")
                cell.imageView?.tintColor = .systemRed
                return cell
            }
        }
        var c = LayerScene(size: CGSize(width: 200, height: 60), scale: 1, fps: 1, duration: 0)
        c.rootViewController = Contact(style: .plain)
        XCTAssertFalse(symbolColors(try Renderer(c), row: 0).contains([255, 59, 48]), "no image in value2")
    }

    /// A symbol in a `UIImageView` anywhere draws in the view's tint, fitted by its content mode.
    func testAnImageViewDrawsItsSymbol() throws {
        let star = UIImageView(image: UIImage(systemName: "star.fill"))
        star.tintColor = .systemGreen
        star.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        star.contentMode = .scaleAspectFit
        var s = LayerScene(size: CGSize(width: 40, height: 20), scale: 1, fps: 1, duration: 0)
        s.backgroundColor = UIColor.white.cgColor
        s.layers = [star.layer]
        let r = try Renderer(s)
        XCTAssertEqual(r.rgb(at: 0, 20, 11), [52, 199, 89], "the star's middle, in the tint")
        XCTAssertEqual(r.rgb(at: 0, 5, 10), [255, 255, 255], "fitted: nothing at the sides")
    }
    /// An image view given another symbol at a scene time shows it from then (the first
    /// was refused as a change of the view's contents, which symbols do not use).
    func testASymbolSwappedAtASceneTime() throws {
        let icon = UIImageView(image: UIImage(systemName: "minus"))
        icon.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        icon.contentMode = .scaleAspectFit
        var s = LayerScene(size: CGSize(width: 20, height: 20), scale: 1, fps: 2, duration: 1)
        s.backgroundColor = UIColor.white.cgColor
        s.layers = [icon.layer]
        s.at(0.5) { icon.image = UIImage(systemName: "plus") }
        let r = try Renderer(s)
        XCTAssertEqual(r.rgb(at: 0, 10, 3), [255, 255, 255], "a minus has nothing above its bar")
        XCTAssertEqual(r.rgb(at: 0.5, 10, 3), [0, 122, 255], "a plus has its upright")
    }
}

/// A content configuration's symbol image in `imageProperties.tintColor` (it was refused as
/// an undrawn property).
final class ContentConfigurationSymbolTests: XCTestCase {
    final class Rows: UITableViewController {
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            var content = cell.defaultContentConfiguration()
            content.text = "Favourites"
            content.image = UIImage(systemName: "star.fill")
            content.imageProperties.tintColor = .systemYellow
            cell.contentConfiguration = content
            return cell
        }
    }

    func testAConfigurationsSymbolTakesItsTint() throws {
        var s = LayerScene(size: CGSize(width: 200, height: 60), scale: 1, fps: 1, duration: 0)
        s.rootViewController = Rows(style: .plain)
        let json = try s.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""image":{"symbol":"star.fill","color":"systemYellow"}"#), json)
        let f = try Renderer(s).frame(at: 0)
        let p = f.unpremultipliedRGBA()
        let yellow = (14..<30).contains { y in (16..<34).contains { x in
            let i = (y * f.width + x) * 4
            return p[i] == 255 && p[i + 1] == 204 && p[i + 2] == 0
        } }
        XCTAssertTrue(yellow, "the star in systemYellow")
    }
}
