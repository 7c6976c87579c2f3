import XCTest
import Geometry
@testable import SceneJSON
@testable import SceneModel
@testable import Simulation
@testable import TableEngine

/// Issue 26: a keyframe is found by binary search (O(log n) per value, the even key times
/// computed, not built). The result must be the linear scan's, value for value.
final class KeyframeLookupTests: XCTestCase {
    /// The lookup as it was: build the key times, scan from the start.
    func reference(_ a: AnimationModel, _ values: [AnimValue], _ p: Double) -> AnimValue {
        let n = values.count
        if n == 1 { return values[0] }
        let p = TimingCurve.apply(a.timingFunction, p, duration: a.duration)
        // Even key times: a discrete animation holds each value 1/n of the way (Core Animation's).
        let times = a.keyTimes ?? (0..<n).map { Double($0) / Double(a.calculationMode == .discrete ? n : n - 1) }
        if a.calculationMode == .discrete {
            var idx = 0
            for i in 0..<n where times[i] <= p { idx = i }
            return values[idx]
        }
        if p <= times[0] { return values[0] }
        if p >= times[n - 1] { return values[n - 1] }
        var seg = 0
        while seg < n - 2 && p >= times[seg + 1] { seg += 1 }
        let span = times[seg + 1] - times[seg]
        var local = span > 0 ? (p - times[seg]) / span : 1
        if let tfs = a.timingFunctions, seg < tfs.count { local = TimingCurve.apply(tfs[seg], local, duration: a.duration * span) }
        return Interpolation.lerp(values[seg], values[seg + 1], local)
    }

    func testBinarySearchEqualsTheLinearScan() {
        var seed: UInt64 = 0x2026
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var compared = 0
        for n in [1, 2, 3, 4, 7, 50, 513] {
            for mode in [CalculationMode.linear, .discrete] {
                for timed in [false, true] {
                    var a = AnimationModel(layer: "l", keyPath: "opacity", key: AnimatedKey.byPath["opacity"] ?? .rotation(axis: 2))
                    a.calculationMode = mode
                    let values = (0..<n).map { _ in AnimValue.number(next() * 100) }
                    if timed {
                        // Sorted, with repeats (a jump) and the ends not at 0 and 1.
                        var times = (0..<n).map { _ in (next() * 8).rounded() / 8 }.sorted()
                        if n > 2 { times[1] = times[0] }
                        a.keyTimes = times
                    }
                    for k in 0...400 {
                        let p = Double(k) / 400 * 1.2 - 0.1
                        let got = Presentation.keyframe(a, values, p), want = reference(a, values, p)
                        XCTAssertEqual(got, want, "n \(n), \(mode), keyTimes \(timed), p \(p)")
                        compared += 1
                    }
                }
            }
        }
        XCTAssertEqual(compared, 7 * 2 * 2 * 401)
    }

    /// Core Animation documents n + 1 key times for a discrete animation (value i holds from key
    /// time i to key time i + 1): the decoder takes them (a linear animation's stay one per
    /// value), and each value shows over its span.
    func testADiscreteAnimationTakesOneKeyTimeMore() throws {
        func scene(_ mode: String, _ keyTimes: String) throws(SceneError) -> Scene {
            let text = #"{"canvas": {"size": [10, 10]}, "fps": 10, "duration": 1, "layers": [{"name": "a", "frame": [0, 0, 4, 4]}],"#
                + #" "animations": [{"layer": "a", "keyPath": "opacity", "values": [0, 0.5, 1], "keyTimes": "# + keyTimes
                + #", "calculationMode": ""# + mode + #"", "duration": 1}]}"#
            return try SceneDecoder.decode(bytes: Array(text.utf8), displayName: "x.json", directory: "")
        }
        let s = try scene("discrete", "[0, 0.2, 0.9, 1]")
        let a = try XCTUnwrap(s.animations.first)
        let values = try XCTUnwrap(a.values)
        XCTAssertEqual([0.1, 0.5, 0.95].map { Presentation.keyframe(a, values, $0) }, [.number(0), .number(0.5), .number(1)])
        // One key time per value still reads (the last value holds from its key time on).
        XCTAssertNoThrow(try scene("discrete", "[0, 0.2, 0.9]"))
        for (mode, times, message) in [("linear", "[0, 0.2, 0.9, 1]", "expected one key time per value (3), found"),
                                       ("discrete", "[0, 0.2, 0.5, 0.9, 1]", "expected one key time per value (3), or one more for a discrete animation (4), found")] {
            do {
                _ = try scene(mode, times)
                XCTFail("\(mode) \(times) was taken")
            } catch {
                XCTAssertTrue(error.description.contains(message), error.description)
            }
        }
    }
}
