import DrawList

/// A premultiplied RGBA8 image with its mipmap chain (each level a 2x2 box average of the one
/// before, rounded; integer maths, so the same everywhere).
public struct RasterImage: Sendable {
    /// One level of the chain: `width` x `height` texels starting at texel `offset` of
    /// `texels`.
    public struct Level: Sendable {
        public let width: Int
        public let height: Int
        /// Index of the level's first texel in `texels`.
        public let offset: Int
        /// Level pixels per level-0 pixel across and down (`width / image width`): the factor a
        /// level-0 texel coordinate is scaled by to address this level.
        let scaleX: Double
        let scaleY: Double
    }

    public let levels: [Level]
    /// Every level's texels, level 0 first, one word a texel (premultiplied r | g << 8 | b << 16
    /// | a << 24): kept in one array so sampling reads any level without copying.
    public let texels: [UInt32]
    /// The levels as the C sampler reads them: width, height and first texel of each
    /// (`levelTable`), its scaleX and scaleY (`levelScales`).
    let levelTable: [Int]
    let levelScales: [Double]
    /// The file's own scale (2 for `name@2x.png`): its size in points is pixels / scale, times
    /// the layer's contentsScale, as UIImage's `scale`.
    public var scale = 1.0
    public var width: Int { levels[0].width }
    public var height: Int { levels[0].height }
    /// What compositing needs of it.
    public var size: ImageSize { ImageSize(width: width, height: height, scale: scale) }

    /// A level's premultiplied RGBA bytes, row by row.
    public func pixels(level index: Int) -> [UInt8] {
        let level = levels[index]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(level.width * level.height * 4)
        for t in texels[level.offset..<(level.offset + level.width * level.height)] {
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: t >> UInt32(shift))) }
        }
        return bytes
    }

    /// From straight-alpha RGBA rows, premultiplied once here.
    public init(straightRGBA: [UInt8], width: Int, height: Int) {
        precondition(straightRGBA.count == width * height * 4 && width > 0 && height > 0)
        var base = straightRGBA
        var i = 0
        while i < base.count {
            let a = Int(base[i + 3])
            if a < 255 {
                base[i] = UInt8(Pixmap.mul255(Int(base[i]), a))
                base[i + 1] = UInt8(Pixmap.mul255(Int(base[i + 1]), a))
                base[i + 2] = UInt8(Pixmap.mul255(Int(base[i + 2]), a))
            }
            i += 4
        }
        var chain = [(width: width, height: height, pixels: base)]
        while let last = chain.last, last.width > 1 || last.height > 1 {
            let w = max(1, last.width / 2), h = max(1, last.height / 2)
            var px = [UInt8](repeating: 0, count: w * h * 4)
            for y in 0..<h {
                for x in 0..<w {
                    let x0 = min(2 * x, last.width - 1), x1 = min(2 * x + 1, last.width - 1)
                    let y0 = min(2 * y, last.height - 1), y1 = min(2 * y + 1, last.height - 1)
                    for c in 0..<4 {
                        let s = Int(last.pixels[(y0 * last.width + x0) * 4 + c]) + Int(last.pixels[(y0 * last.width + x1) * 4 + c])
                            + Int(last.pixels[(y1 * last.width + x0) * 4 + c]) + Int(last.pixels[(y1 * last.width + x1) * 4 + c])
                        px[(y * w + x) * 4 + c] = UInt8((s + 2) / 4)
                    }
                }
            }
            chain.append((w, h, px))
        }
        var levels: [Level] = []
        var texels: [UInt32] = []
        texels.reserveCapacity(chain.reduce(0) { $0 + $1.width * $1.height })
        for level in chain {
            levels.append(Level(width: level.width, height: level.height, offset: texels.count,
                                scaleX: Double(level.width) / Double(width), scaleY: Double(level.height) / Double(height)))
            level.pixels.withUnsafeBytes { raw in
                for k in 0..<(level.width * level.height) {
                    texels.append(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * k, as: UInt32.self)))
                }
            }
        }
        self.levels = levels
        self.texels = texels
        levelTable = levels.flatMap { [$0.width, $0.height, $0.offset] }
        levelScales = levels.flatMap { [$0.scaleX, $0.scaleY] }
    }
}
