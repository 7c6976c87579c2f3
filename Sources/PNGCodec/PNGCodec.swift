import CPNGShim

/// PNG encoding and decoding through libpng (the C shim owns every libpng call and its setjmp),
/// and SHA-256 for manifests.
public enum PNGCodec {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        /// Width and height of an image refused by the pixel budget (from its header).
        public var overBudget: (width: Int, height: Int)?
        public init(description: String, overBudget: (width: Int, height: Int)? = nil) {
            self.description = description
            self.overBudget = overBudget
        }
    }

    /// PNG row filter choice.
    public enum Filter: String, CaseIterable, Sendable {
        case none, sub, up, average, paeth, all
        var bits: Int32 {
            switch self {
            case .none: return Int32(TR_FILTER_NONE)
            case .sub: return Int32(TR_FILTER_SUB)
            case .up: return Int32(TR_FILTER_UP)
            case .average: return Int32(TR_FILTER_AVG)
            case .paeth: return Int32(TR_FILTER_PAETH)
            case .all: return Int32(TR_FILTER_ALL)
            }
        }
    }

    /// zlib's compression strategy (zlib.h: Z_DEFAULT_STRATEGY ... Z_FIXED).
    public enum Strategy: String, CaseIterable, Sendable {
        case `default`, filtered, huffman, rle, fixed
        var zlibValue: Int32 {
            switch self {
            case .default: return 0
            case .filtered: return 1
            case .huffman: return 2
            case .rle: return 3
            case .fixed: return 4
            }
        }
    }

    /// libpng alone on the same pixels and settings, its output counted and dropped: the floor
    /// the bench command compares `encode` with. Returns the PNG's length.
    public static func encodedLength(rgba: [UInt8], width: Int, height: Int, level: Int = 3, filter: Filter = .none,
                                     strategy: Strategy = .default, software: String = "") throws(Failure) -> Int {
        precondition(rgba.count == width * height * 4)
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = rgba.withUnsafeBufferPointer { p in
            tr_png_encode_rgba_discard(p.baseAddress, UInt32(width), UInt32(height), width * 4, Int32(level),
                                       filter.bits, strategy.zlibValue, software, &length, &message, message.count)
        }
        guard status == 0 else {
            throw Failure(description: "PNG encoding failed: " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return length
    }

    /// Encodes tightly packed straight-alpha RGBA, marked sRGB, with `software` (when not empty)
    /// as the Software text.
    public static func encode(rgba: [UInt8], width: Int, height: Int, level: Int = 3, filter: Filter = .none,
                              strategy: Strategy = .default, software: String = "") throws(Failure) -> [UInt8] {
        precondition(rgba.count == width * height * 4)
        var buffer = tr_buffer(data: nil, length: 0, capacity: 0)
        var message = [CChar](repeating: 0, count: 256)
        let status = rgba.withUnsafeBufferPointer { p in
            tr_png_encode_rgba(p.baseAddress, UInt32(width), UInt32(height), width * 4, Int32(level),
                               filter.bits, strategy.zlibValue, software, &buffer, &message, message.count)
        }
        defer { tr_buffer_free(&buffer) }
        guard status == 0, let data = buffer.data else {
            throw Failure(description: "PNG encoding failed: " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: data, count: buffer.length))
    }

    /// Decodes any PNG to straight-alpha 8-bit RGBA. An image of more than `maxPixels` pixels is
    /// refused from its header, before its pixels are decoded (`Failure.overBudget`).
    public static func decode(_ png: [UInt8], maxPixels: Int = Int(UInt32.max)) throws(Failure) -> (rgba: [UInt8], width: Int, height: Int) {
        var pixels: UnsafeMutablePointer<UInt8>?
        var w: UInt32 = 0, h: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = png.withUnsafeBufferPointer { p in
            tr_png_decode_rgba(p.baseAddress, p.count, UInt64(max(maxPixels, 0)), &pixels, &w, &h, &message, message.count)
        }
        defer { tr_free(pixels) }
        if status == 2 {
            throw Failure(description: "an image of \(w)x\(h) pixels", overBudget: (Int(w), Int(h)))
        }
        guard status == 0, let pixels else {
            throw Failure(description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return (Array(UnsafeBufferPointer(start: pixels, count: Int(w) * Int(h) * 4)), Int(w), Int(h))
    }

    /// The libpng and zlib in use, as they report themselves.
    public static var libraryVersions: (libpng: String, zlib: String) {
        (String(cString: tr_libpng_version()), String(cString: tr_zlib_version()))
    }
}
