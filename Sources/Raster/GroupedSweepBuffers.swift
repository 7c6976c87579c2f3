extension Rasterizer {
    /// The buffers of one grouped sweep: allocated with it, grown when a row needs more, freed
    /// with it. Nothing else allocates while rows are swept.
    struct GroupedSweepBuffers: ~Copyable {
        /// Winding direction per edge.
        let dirOf: UnsafeMutablePointer<Int>
        /// The row's spanning edges in the order of their range's left end; an own strip's edges.
        let spanning: UnsafeMutablePointer<Ranged>
        let own: UnsafeMutablePointer<Ranged>
        /// Marks of the spanning edges at a row's end (by row stamp), and the other active ones.
        let seen: UnsafeMutablePointer<Int>
        let others: UnsafeMutablePointer<Int>
        /// Per sub-strip: its top (and the row's bottom after the last), its middle, the change
        /// at its top of the winding number entering the next group, and that winding number.
        private(set) var stripTop: UnsafeMutablePointer<Double>
        private(set) var stripMid: UnsafeMutablePointer<Double>
        private(set) var windStep: UnsafeMutablePointer<Int>
        private(set) var windAt: UnsafeMutablePointer<Int>
        private var stripCapacity = 0
        /// A group's own boundaries (sub-strip numbers).
        private(set) var boundary: UnsafeMutablePointer<Int>
        private var boundaryCapacity = 0
        /// The row's pieces, and the accumulation's scratch (three per piece).
        private(set) var pieces: UnsafeMutablePointer<Piece>
        private(set) var results: UnsafeMutablePointer<Int>
        private var pieceCapacity: Int

        init(_ edges: [Edge]) {
            let count = edges.count
            dirOf = .allocate(capacity: count)
            for i in 0..<count { dirOf[i] = edges[i].dir }
            spanning = .allocate(capacity: count)
            own = .allocate(capacity: count)
            seen = .allocate(capacity: count)
            seen.initialize(repeating: 0, count: count)
            others = .allocate(capacity: count)
            stripTop = .allocate(capacity: 0)
            stripMid = .allocate(capacity: 0)
            windStep = .allocate(capacity: 0)
            windAt = .allocate(capacity: 0)
            boundary = .allocate(capacity: 0)
            pieceCapacity = 4 * count
            pieces = .allocate(capacity: pieceCapacity)
            results = .allocate(capacity: 3 * pieceCapacity)
        }

        deinit {
            dirOf.deallocate(); spanning.deallocate(); own.deallocate(); seen.deallocate(); others.deallocate()
            stripTop.deallocate(); stripMid.deallocate(); windStep.deallocate(); windAt.deallocate()
            boundary.deallocate(); pieces.deallocate(); results.deallocate()
        }

        /// Room for `n` sub-strip tops (the per-sub-strip buffers).
        mutating func reserveStrips(_ n: Int) {
            guard n > stripCapacity else { return }
            stripCapacity = n * 2
            stripTop.deallocate(); stripMid.deallocate(); windStep.deallocate(); windAt.deallocate()
            stripTop = .allocate(capacity: stripCapacity)
            stripMid = .allocate(capacity: stripCapacity)
            windStep = .allocate(capacity: stripCapacity)
            windAt = .allocate(capacity: stripCapacity)
        }

        mutating func reservePieces(_ n: Int) {
            guard n > pieceCapacity else { return }
            pieceCapacity = n * 2
            pieces.deallocate(); results.deallocate()
            pieces = .allocate(capacity: pieceCapacity)
            results = .allocate(capacity: 3 * pieceCapacity)
        }

        mutating func reserveBoundaries(_ n: Int) {
            guard n > boundaryCapacity else { return }
            boundaryCapacity = n * 2
            boundary.deallocate()
            boundary = .allocate(capacity: boundaryCapacity)
        }
    }
}
