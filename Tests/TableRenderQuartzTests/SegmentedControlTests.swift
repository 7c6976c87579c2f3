import Foundation
import TableRenderQuartz
import XCTest

/// `UISegmentedControl` (issue 51): its size, the segments sharing its width, the thumb under
/// the selected segment with the separators beside it hidden, a selection made at a scene
/// time, a disabled segment, and the dark thumb. It did not exist: a filter control above a
/// list did not build.
final class SegmentedControlTests: XCTestCase {
    func scene(_ view: UIView, width: CGFloat = 320, height: CGFloat = 48, duration: Double = 0) -> LayerScene {
        var s = LayerScene(size: CGSize(width: width, height: height), scale: 1, fps: 10, duration: duration)
        s.backgroundColor = UIColor.white.cgColor
        s.layers = [view.layer]
        return s
    }

    func testItsSizeAndItsSegments() {
        let c = UISegmentedControl(items: ["All", "Unread", "Flagged"])
        XCTAssertEqual(c.numberOfSegments, 3)
        XCTAssertEqual(c.selectedSegmentIndex, UISegmentedControl.noSegment)
        let size = c.intrinsicContentSize
        XCTAssertEqual(size.height, 32, "UIKit's 32 pt")
        // Three equal segments as wide as the widest title ("Flagged", semibold) and 9.25 pt
        // either side, two 1 pt separators, 3 pt at each end.
        let probe = UILabel()
        probe.text = "Flagged"
        probe.font = .systemFont(ofSize: 13, weight: .semibold)
        XCTAssertEqual(size.width, (probe.intrinsicContentSize.width + 18.5) * 3 + 2 + 6, accuracy: 1e-9)
        c.insertSegment(withTitle: "Archived", at: 99, animated: false)
        XCTAssertEqual(c.titleForSegment(at: 3), "Archived", "clamped to the end, as UIKit does")
        c.removeSegment(at: 3, animated: false)
        XCTAssertEqual(c.numberOfSegments, 3)
    }

    /// The track is tertiarySystemFill over the white; the thumb is white under the selected
    /// segment, 1 pt wider each side; the separator beside it is hidden, the other drawn.
    func testTheThumbAndTheSeparators() throws {
        let c = UISegmentedControl(items: ["All", "Unread", "Flagged"])
        c.frame = CGRect(x: 10, y: 8, width: 300, height: 32)
        c.selectedSegmentIndex = 0
        let r = try Renderer(scene(c))
        // Segments: (300 - 6 - 2) / 3 = 97.33 pt each, from x 13.
        XCTAssertEqual(r.rgb(at: 0, 20, 14), [255, 255, 255], "the thumb, left of the title")
        XCTAssertEqual(r.rgb(at: 0, 250, 14), [238, 238, 239], "the track: (118, 118, 128) at 12 % over white")
        // The second separator at 13 + 2 x 97.33 + 1 = 208.67 pt: two thirds of pixel 209.
        let sep = r.rgb(at: 0, 209, 24)
        XCTAssertTrue(sep[0] < 232 && sep[0] > 200, "the other separator, (142, 142, 147) at 30 % over the track: \(sep)")
        XCTAssertEqual(r.rgb(at: 0, 209, 12), [238, 238, 239], "inset 5 pt from the segments' top")
        c.selectedSegmentIndex = 2
        let r2 = try Renderer(scene(c))
        XCTAssertEqual(r2.rgb(at: 0, 20, 14), [238, 238, 239], "no thumb on the first")
        let hidden = r2.rgb(at: 0, 209, 24)
        XCTAssertEqual(hidden, [255, 255, 255], "beside the third, selected: its thumb, and no separator: \(hidden)")
    }

    /// A selection made from app code at a scene time shows from then; inside `UIView.animate`
    /// the thumb slides.
    func testASelectionAtASceneTime() throws {
        let c = UISegmentedControl(items: ["Day", "Week"])
        c.frame = CGRect(x: 10, y: 8, width: 300, height: 32)
        c.selectedSegmentIndex = 0
        var s = scene(c, duration: 1)
        s.at(0.5) { UIView.animate(withDuration: 0.2) { c.selectedSegmentIndex = 1 } }
        let r = try Renderer(s)
        XCTAssertEqual(r.rgb(at: 0.4, 20, 14), [255, 255, 255], "the first, before")
        XCTAssertEqual(r.rgb(at: 0.4, 300, 14), [238, 238, 239])
        XCTAssertEqual(r.rgb(at: 0.9, 20, 14), [238, 238, 239], "the second, after")
        XCTAssertEqual(r.rgb(at: 0.9, 300, 14), [255, 255, 255])
        let mid = r.rgb(at: 0.6, 160, 14)
        XCTAssertEqual(mid, [255, 255, 255], "the thumb half way across while it slides")
    }

    /// A disabled segment's title is grey; in the dark appearance the thumb is (99, 99, 102).
    func testDisabledAndDark() throws {
        let c = UISegmentedControl(items: ["On", "Off"])
        c.frame = CGRect(x: 10, y: 8, width: 300, height: 32)
        c.selectedSegmentIndex = 1
        c.setEnabled(false, forSegmentAt: 0)
        XCTAssertFalse(c.isEnabledForSegment(at: 0))
        var s = scene(c)
        s.overrideUserInterfaceStyle = .dark
        s.backgroundColor = UIColor.black.cgColor
        let r = try Renderer(s)
        XCTAssertEqual(r.rgb(at: 0, 300, 14), [99, 99, 102], "the dark thumb")
    }

    /// A hostile probe: segments inserted at a scene time drew the thumb over the selected
    /// title for the whole scene; the selection and a disabled segment stayed at their indexes
    /// when a segment was inserted before them; a stepper-like out-of-range index was kept.
    func testSegmentsChangedAtASceneTime() throws {
        let c = UISegmentedControl(items: ["All", "Unread", "Flagged"])
        c.frame = CGRect(x: 10, y: 8, width: 300, height: 32)
        c.selectedSegmentIndex = 1
        c.setEnabled(false, forSegmentAt: 2)
        var s = scene(c, duration: 1)
        s.at(0.5) { c.insertSegment(withTitle: "VIP", at: 0, animated: false) }
        let r = try Renderer(s)
        // Before: "Unread" (semibold, black) on the thumb in the middle third, x 110 ... 208.
        let dark = (110..<208).flatMap { x in (14..<34).map { r.rgb(at: 0, x, $0) } }.filter { $0[0] < 60 }
        XCTAssertFalse(dark.isEmpty, "the selected title over the thumb before the insert")
        XCTAssertEqual(c.selectedSegmentIndex, 2, "the selection stays with \"Unread\"")
        XCTAssertFalse(c.isEnabledForSegment(at: 3), "\"Flagged\" stays disabled")
        XCTAssertTrue(c.isEnabledForSegment(at: 2))
        c.selectedSegmentIndex = 17
        XCTAssertEqual(c.selectedSegmentIndex, UISegmentedControl.noSegment, "past the segments: none (UIKit raises)")
    }
}
