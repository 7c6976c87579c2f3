import PNGCodec
import XCTest

/// libpng and zlib behind the shim: round trips, strategies, and damaged files as messages.
final class PNGCodecTests: XCTestCase {
    func testPNGRoundTripForEveryFilter() throws {
        var rgba: [UInt8] = []
        for i in 0..<(7 * 5) { rgba += [UInt8(i * 7 % 256), UInt8(i * 13 % 256), UInt8(255 - i), UInt8(i * 5 % 256)] }
        for filter in PNGCodec.Filter.allCases {
            for level in [0, 1, 6, 9] {
                let png = try PNGCodec.encode(rgba: rgba, width: 7, height: 5, level: level, filter: filter)
                let back = try PNGCodec.decode(png)
                XCTAssertEqual(back.width, 7)
                XCTAssertEqual(back.height, 5)
                XCTAssertEqual(back.rgba, rgba, "\(filter) level \(level)")
            }
        }
    }

    /// Every zlib strategy round-trips, and libpng's own length (the bench's floor) is the
    /// length of the PNG we return.
    func testStrategiesRoundTripAndTheFloorEncodesTheSameBytes() throws {
        var rgba: [UInt8] = []
        for i in 0..<(40 * 30) { rgba += [UInt8(i % 7 * 30), 200, UInt8(i / 40 * 8), 255] }
        for strategy in PNGCodec.Strategy.allCases {
            let png = try PNGCodec.encode(rgba: rgba, width: 40, height: 30, level: 3, filter: .none, strategy: strategy)
            XCTAssertEqual(try PNGCodec.decode(png).rgba, rgba, "\(strategy)")
            let length = try PNGCodec.encodedLength(rgba: rgba, width: 40, height: 30, level: 3, filter: .none, strategy: strategy)
            XCTAssertEqual(length, png.count, "\(strategy)")
        }
        // Huffman-only finds none of the repeats that the default matcher finds.
        let standard = try PNGCodec.encode(rgba: rgba, width: 40, height: 30, strategy: .default)
        let huffman = try PNGCodec.encode(rgba: rgba, width: 40, height: 30, strategy: .huffman)
        XCTAssertLessThan(standard.count, huffman.count, "the strategy reaches zlib")
    }

    func testCorruptPNGGivesAMessageNotACrash() throws {
        let png = try PNGCodec.encode(rgba: [UInt8](repeating: 200, count: 64 * 4), width: 8, height: 8)
        XCTAssertThrowsError(try PNGCodec.decode(Array(png.prefix(40)))) { error in
            XCTAssertTrue("\(error)".contains("truncated"), "\(error)")
        }
        XCTAssertThrowsError(try PNGCodec.decode(Array("not a png at all".utf8))) { error in
            XCTAssertTrue("\(error)".contains("signature"), "\(error)")
        }
        var broken = png
        broken[40] ^= 0xFF
        XCTAssertThrowsError(try PNGCodec.decode(broken))
    }

    func testTheSoftwareChunkAndSRGBDoNotChangeThePixels() throws {
        let rgba = [UInt8](repeating: 90, count: 4 * 4 * 4)
        let plain = try PNGCodec.encode(rgba: rgba, width: 4, height: 4)
        let tagged = try PNGCodec.encode(rgba: rgba, width: 4, height: 4, software: "tablerender test")
        XCTAssertNotEqual(plain, tagged)
        XCTAssertTrue(String(decoding: tagged, as: UTF8.self).contains("tablerender test"))
        XCTAssertEqual(try PNGCodec.decode(tagged).rgba, rgba)
    }
}
