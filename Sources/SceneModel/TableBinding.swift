/// What decoding a table does after reading its values, for a table built in memory (a Swift
/// scene's, issue 50 step 6): the same model then, whichever way it came.
extension Scene {
    /// Binds the cell template into the table's rows (each row's values into a copy of it),
    /// binds it into the rows the script's updates bring and checks every update's index paths
    /// against the data at its time, names the table among the layers (its frame may animate),
    /// and reads each row's own display effect. The problems have the decoder's paths and wording.
    public mutating func bindTable(limits: Limits = Limits()) -> [SceneProblem] {
        guard var table else { return [] }
        let r = Reader(limits: limits)
        if let template = table.template { SceneDecoder.bindTemplate(template, into: &table.sections, r, directory: directory) }
        self.table = table
        script = SceneDecoder.bindUpdates(script, table: table, r, directory: directory)
        var names: [String: String] = [:]
        func collect(_ l: LayerModel, _ path: String) {
            if let n = l.name, names[n] == nil { names[n] = path }
            for (i, s) in l.sublayers.enumerated() { collect(s, Reader.index(path + ".sublayers", i)) }
            if let m = l.mask { collect(m, path + ".mask") }
        }
        for (i, l) in layers.enumerated() { collect(l, Reader.index("layers", i)) }
        if SceneDecoder.nameTable(table, &names, r) { SceneDecoder.checkTableAnimations(animations, table: table, r) }
        for key in ["name", "contentOffsets"] where table.header != nil && (key == "name" ? table.name != nil : table.contentOffsets != nil) {
            r.report("table.\(key)", "expected no \(key) with a collapsing header (the header moves the table and its content itself), found both")
        }
        SceneDecoder.bindRowDisplays(&self, r)
        return r.problems
    }
}
