import Foundation
import TableRenderQuartz
import XCTest

/// `UISwitch` and `UIActivityIndicatorView` (issue 51): their fixed sizes, what each state
/// draws, a switch set with animation and a spinner turning on the scene's clock, and both as
/// a row's accessory view.
final class ControlTests: XCTestCase {
    func scene(_ views: [UIView], width: CGFloat = 60, height: CGFloat = 40, duration: Double = 1) -> LayerScene {
        var s = LayerScene(size: CGSize(width: width, height: height), scale: 1, fps: 8, duration: duration)
        s.backgroundColor = UIColor.white.cgColor
        s.layers = views.map(\.layer)
        return s
    }

    /// UIKit's switch keeps 51 x 31 whatever frame it is given (Apple: "the size components of
    /// this rectangle are ignored"); so does Auto Layout's intrinsic size.
    func testASwitchKeepsItsOwnSize() {
        let s = UISwitch(frame: CGRect(x: 4, y: 5, width: 200, height: 100))
        XCTAssertEqual(s.frame, CGRect(x: 4, y: 5, width: 51, height: 31))
        s.frame = CGRect(x: 1, y: 2, width: 10, height: 10)
        XCTAssertEqual(s.frame, CGRect(x: 1, y: 2, width: 51, height: 31))
        XCTAssertEqual(s.intrinsicContentSize, CGSize(width: 51, height: 31))
        XCTAssertEqual(s.sizeThatFits(.zero), CGSize(width: 51, height: 31))
        XCTAssertFalse(s.isOn)
    }

    /// Off: the thumb at the left over a secondarySystemFill track; on: the thumb at the right
    /// over systemGreen, or the `onTintColor`; disabled: half opacity.
    func testASwitchDrawsItsState() throws {
        let off = UISwitch(frame: CGRect(x: 4, y: 4, width: 0, height: 0))
        let r = try Renderer(scene([off]))
        XCTAssertEqual(r.rgb(at: 0, 12, 19), [255, 255, 255], "the thumb, at the left")
        XCTAssertEqual(r.rgb(at: 0, 46, 19), [233, 233, 234], "the track, secondarySystemFill over white")
        let on = UISwitch(frame: CGRect(x: 4, y: 4, width: 0, height: 0))
        on.isOn = true
        let r2 = try Renderer(scene([on]))
        XCTAssertEqual(r2.rgb(at: 0, 12, 19), [52, 199, 89], "the track, systemGreen")
        XCTAssertEqual(r2.rgb(at: 0, 39, 19), [255, 255, 255], "the thumb, at the right")
        on.onTintColor = .systemBlue
        on.isEnabled = false
        let r3 = try Renderer(scene([on]))
        XCTAssertEqual(r3.rgb(at: 0, 12, 19), [127, 188, 255], "systemBlue at half opacity")
    }

    /// `setOn(_:animated:)` at a scene time slides the thumb from that time; without animation
    /// it moves at once.
    func testASwitchSetWithAnimationSlides() throws {
        let sw = UISwitch(frame: CGRect(x: 4, y: 4, width: 0, height: 0))
        let s = scene([sw])
        s.at(0.25) { sw.setOn(true, animated: true) }
        let r = try Renderer(s)
        XCTAssertEqual(r.rgb(at: 0.25, 12, 19), [255, 255, 255])
        let middle = r.rgb(at: 0.375, 12, 19)
        XCTAssertNotEqual(middle, [255, 255, 255])
        XCTAssertNotEqual(middle, [52, 199, 89])
        XCTAssertEqual(r.rgb(at: 0.5, 12, 19), [52, 199, 89])
        let snap = UISwitch(frame: CGRect(x: 4, y: 4, width: 0, height: 0))
        let t = scene([snap])
        t.at(0.25) { snap.setOn(true, animated: false) }
        let r2 = try Renderer(t)
        XCTAssertEqual(r2.rgb(at: 0.125, 12, 19), [255, 255, 255])
        XCTAssertEqual(r2.rgb(at: 0.25, 12, 19), [52, 199, 89])
    }

    /// The spinner's sizes by style, hidden until it starts (hidesWhenStopped), then stepping
    /// an eighth of a turn every eighth of a second for as long as the scene runs.
    func testASpinnerTurnsInEighths() throws {
        XCTAssertEqual(UIActivityIndicatorView(style: .medium).frame.size, CGSize(width: 20, height: 20))
        XCTAssertEqual(UIActivityIndicatorView().frame.size, CGSize(width: 20, height: 20))
        XCTAssertEqual(UIActivityIndicatorView(style: .large).intrinsicContentSize, CGSize(width: 37, height: 37))
        let idle = UIActivityIndicatorView(style: .large)
        XCTAssertTrue(idle.isHidden)
        XCTAssertFalse(idle.isAnimating)
        XCTAssertEqual(try Renderer(scene([idle])).rgb(at: 0, 18, 6), [255, 255, 255], "hidden while stopped")

        let spinner = UIActivityIndicatorView(style: .large)
        spinner.startAnimating()
        XCTAssertTrue(spinner.isAnimating)
        XCTAssertFalse(spinner.isHidden)
        let r = try Renderer(scene([spinner], duration: 6))
        // The spoke at 12 o'clock: the leading one (systemGray), an eighth later the one behind it (0.9).
        XCTAssertEqual(r.rgb(at: 0, 18, 6), [142, 142, 147])
        XCTAssertEqual(r.rgb(at: 0.125, 18, 6), [153, 153, 158])
        XCTAssertGreaterThan(r.rgb(at: 0.875, 18, 6)[0], r.rgb(at: 0.125, 18, 6)[0], "the faintest spoke last")
        for t in [1.0, 2.0, 5.0] { XCTAssertEqual(r.rgb(at: t, 18, 6), [142, 142, 147], "a whole turn a second, at \(t) s") }
        XCTAssertEqual(r.rgb(at: 5.125, 18, 6), [153, 153, 158])
    }

    /// Started and stopped at scene times, the spinner shows and turns only between them.
    func testASpinnerStartedAndStoppedAtSceneTimes() throws {
        let spinner = UIActivityIndicatorView(style: .large)
        let s = scene([spinner], duration: 2)
        s.at(0.5) { spinner.startAnimating() }
        s.at(1.5) { spinner.stopAnimating() }
        let r = try Renderer(s)
        XCTAssertEqual(r.rgb(at: 0.25, 18, 6), [255, 255, 255])
        XCTAssertEqual(r.rgb(at: 0.5, 18, 6), [142, 142, 147], "its turn begins when it starts")
        XCTAssertEqual(r.rgb(at: 0.625, 18, 6), [153, 153, 158])
        XCTAssertEqual(r.rgb(at: 1.5, 18, 6), [255, 255, 255], "hidden when stopped")
        // Stopped but shown: not drawn yet, so the scene says so rather than drawing it turning.
        let shown = UIActivityIndicatorView(style: .large)
        shown.hidesWhenStopped = false
        shown.startAnimating()
        let t = scene([shown], duration: 2)
        t.at(1) { shown.stopAnimating() }
        XCTAssertThrowsError(try Renderer(t)) { error in
            XCTAssertTrue("\(error)".contains("hidesWhenStopped = false"), "\(error)")
        }
    }

    /// A switch as a row's accessory view sits at the trailing margin, centred in the row.
    func testASwitchAsARowsAccessory() throws {
        final class Settings: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = "Setting \(indexPath.row)"
                let toggle = UISwitch()
                toggle.isOn = indexPath.row == 1
                toggle.onTintColor = .red
                if indexPath.row == 2 { toggle.thumbTintColor = .red }
                cell.accessoryView = toggle
                return cell
            }
        }
        var s = LayerScene(size: CGSize(width: 393, height: 160), scale: 1, fps: 1, duration: 0)
        s.rootViewController = Settings(style: .plain)
        let frame = try Renderer(s).frame(at: 0)
        let rgba = frame.unpremultipliedRGBA()
        func red(_ x: Int, _ y: Int) -> Bool {
            let i = (y * frame.width + x) * 4
            return rgba[i] > 120 && rgba[i + 1] < 80 && rgba[i + 2] < 80
        }
        // Row 1 spans y 44 ... 88: the track (31 pt) centred in it, its right end at the 16 pt
        // margin (377) and its left 51 pt before (326).
        let across = (0..<frame.width).filter { red($0, 66) }
        XCTAssertEqual(across.first, 326)
        XCTAssertEqual(across.last, 376)
        XCTAssertFalse((0..<frame.width).contains { red($0, 22) }, "row 0 is off")
        // Row 2's switch is off, its thumb red: 2 pt inside the track's left end (328 ... 355)
        // and its top (the track centred in the row's 43 pt above its separator's pixel, 94 ...
        // 125; the thumb 96 ... 123).
        let thumbDown = (88..<132).filter { red(341, $0) }
        XCTAssertEqual(thumbDown.first, 96)
        XCTAssertEqual(thumbDown.last, 122)
        let thumbAcross = (0..<frame.width).filter { red($0, 110) }
        XCTAssertEqual(thumbAcross.first, 328)
        XCTAssertEqual(thumbAcross.last, 354)
    }
}

/// A spinner as a row's accessory view turns on the row's clock, and `json()` writes a scene
/// that draws the same (its turn as the row's cell animations of the accessory view's layers).
final class AccessorySpinnerTests: XCTestCase {
    final class Loading: UITableViewController {
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = indexPath.row == 0 ? "Ready" : "Loading"
            if indexPath.row == 1 {
                let spinner = UIActivityIndicatorView(style: .medium)
                spinner.color = .black
                spinner.startAnimating()
                cell.accessoryView = spinner
            }
            return cell
        }
    }

    /// The 12 o'clock spoke of the spinner in row 1 (20 pt, its right edge at the 16 pt margin,
    /// centred in the row at y 66): solid at 0 s, the next one's 0.9 an eighth of a second later.
    func testASpinnerAccessoryTurns() throws {
        var s = LayerScene(size: CGSize(width: 393, height: 100), scale: 1, fps: 8, duration: 2)
        s.rootViewController = Loading(style: .plain)
        let r = try Renderer(s)
        // The spinner spans x 357 ... 377, y 56 ... 76; its top spoke from y 56.3 to 62.3 at x 367.
        let at0 = r.rgb(at: 0, 367, 58), at1 = r.rgb(at: 0.125, 367, 58)
        XCTAssertEqual(at0, [0, 0, 0])
        XCTAssertEqual(at1, [25, 25, 25])
        XCTAssertEqual(r.rgb(at: 1, 367, 58), at0, "a whole turn a second")
        let file = try LayerScene(json: Array(try s.json().utf8))
        let again = try Renderer(file)
        for t in [0, 0.125, 0.5, 1.375] {
            XCTAssertTrue(again.frame(at: t).unpremultipliedRGBA() == r.frame(at: t).unpremultipliedRGBA(), "the scene file draws the same at \(t) s")
        }
    }
}
