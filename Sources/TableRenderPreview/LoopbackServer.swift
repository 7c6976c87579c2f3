#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A request the preview answers: only `GET` of a path, read from at most 16 KiB of head.
public struct HTTPRequest: Sendable {
    /// `GET` (anything else is answered 405).
    public var method: String
    /// The path without the query (`/frame/3/12.png`).
    public var path: String
    /// The `Host` header, as the browser sent it.
    public var host: String?
}

/// An answer: a status, a content type and the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]

    public init(status: Int = 200, contentType: String, body: [UInt8]) {
        self.status = status; self.contentType = contentType; self.body = body
    }

    /// Plain text (UTF-8).
    public static func text(_ s: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(s.utf8))
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 431: "Request Header Fields Too Large"
        default: "Internal Server Error"
        }
    }
}

/// The smallest HTTP/1.1 server the preview needs, on the loopback address only: one request per
/// connection, each connection on its own thread (a browser keeps idle connections open, which
/// must not hold up the next request), answered by `handler`. No dependency: POSIX sockets.
public final class LoopbackServer: Sendable {
    /// The port it listens on (the one the system picked when asked for 0).
    public let port: Int
    let socket: Int32

    /// The most a request's head (request line and headers) may hold.
    static let maxHead = 16 << 10
    /// How long a connection may take to send its request.
    static let readTimeoutSeconds = 5

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Listens on 127.0.0.1:`port` (0 picks a free port).
    public init(port: Int) throws(Failure) {
        guard (0...65535).contains(port) else { throw Failure(description: "--port \(port): expected 0 to 65535 (0 picks a free port)") }
        #if canImport(Glibc)
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let why = errno == EADDRINUSE ? "the port is in use: pick another with --port (0 picks a free one)" : String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "127.0.0.1:\(port): \(why)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        var actual = sockaddr_in()
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        socket = fd
        self.port = Int(UInt16(bigEndian: actual.sin_port))
    }

    /// Accepts connections until the process ends, answering each with `handler` on its own
    /// thread.
    public func serve(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) -> Never {
        // A tab closed while its answer is sent must not end the server (SIGPIPE's default).
        signal(SIGPIPE, SIG_IGN)
        while true {
            let client = accept(socket, nil, nil)
            guard client >= 0 else { continue }
            // A thread of its own, not the shared pool: idle connections (a browser's preconnects)
            // block in recv until their timeout and must not hold up the others.
            Thread.detachNewThread { LoopbackServer.answer(client, handler) }
        }
    }

    static func answer(_ client: Int32, _ handler: @Sendable (HTTPRequest) -> HTTPResponse) {
        defer { close(client) }
        var timeout = timeval(tv_sec: readTimeoutSeconds, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let response: HTTPResponse
        switch readHead(client) {
        case .tooLarge: response = .text("request head over \(maxHead) bytes\n", status: 431)
        case .broken: return
        case .head(let head):
            if let request = parse(head) {
                response = request.method == "GET" ? handler(request) : .text("only GET\n", status: 405)
            } else {
                response = .text("not an HTTP request\n", status: 400)
            }
        }
        var out = Array("HTTP/1.1 \(response.status) \(HTTPResponse.reason(response.status))\r\nContent-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n".utf8)
        out += response.body
        var sent = 0
        while sent < out.count {
            let n = out[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return }
            sent += n
        }
    }

    enum Head { case head([UInt8]), tooLarge, broken }

    /// The bytes up to the blank line that ends the head.
    static func readHead(_ client: Int32) -> Head {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return .broken }
            let from = max(0, head.count - 3)
            head += buffer[0..<n]
            let end = endOfHead(head, from: from)
            if (end ?? head.count) > maxHead { return .tooLarge }
            if let end { return .head(Array(head[0..<end])) }
        }
    }

    static func endOfHead(_ bytes: [UInt8], from: Int) -> Int? {
        guard bytes.count >= 4, from <= bytes.count - 4 else { return nil }
        for i in from...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i
        }
        return nil
    }

    /// The request line and the `Host` header of a head.
    static func parse(_ head: [UInt8]) -> HTTPRequest? {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        guard let first = lines.first else { return nil }
        let parts = first.split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), parts[1].hasPrefix("/") else { return nil }
        let target = parts[1]
        let path = String(target.prefix { $0 != "?" && $0 != "#" })
        var hosts: [String] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].lowercased() == "host" {
                hosts.append(line[line.index(after: colon)...].trimmingCharacters(in: " \t"))
            }
        }
        // One Host header, as HTTP/1.1 requires (RFC 9112, 3.2): two are not a request to answer.
        guard hosts.count <= 1 else { return nil }
        let host = hosts.first
        return HTTPRequest(method: String(parts[0]), path: path, host: host)
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var s = self
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }
}

