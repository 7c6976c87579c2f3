import CSHA256

/// SHA-256, the hash of every file and every frame's pixels that tablerender records
/// (manifest.json, SHA256SUMS, verify). Through OpenSSL (the CPU's SHA instructions).
public enum SHA256 {
    /// The digest as 64 lowercase hex digits.
    public static func hex(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBufferPointer { p in tr_sha256(p.baseAddress, p.count, &digest) }
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for b in digest { out.append(hex[Int(b >> 4)]); out.append(hex[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
