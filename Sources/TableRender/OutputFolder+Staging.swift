import Foundation

/// A staged render (see `OutputFolder`): its frames go to `.tablerender-staging` inside the
/// folder, and replace the earlier render only once all are written.
extension OutputFolder {
    /// Refuses files tablerender did not write (unless `force`), and notes the earlier render's
    /// files, which `swapIn` removes once the new frames are all written.
    func noteEarlierRender(_ names: [String], force: Bool, killedRunLeftovers: Bool) throws(RenderFailure) {
        let (_, ours) = try ownFiles(names, force: force, killedRunLeftovers: killedRunLeftovers)
        self.foreign = Set(names.filter { !ours($0) && !kind.described.contains($0) })
        earlier = names.filter { ours($0) && $0 != OutputFolder.lockName && $0 != OutputFolder.stagingName }
    }

    /// Makes the staging folder (a staged run), after removing one a killed run left.
    func makeStaging() throws(RenderFailure) {
        guard staged else { return }
        try removeStaging()
        guard mkdir(writePath, 0o755) == 0 else {
            throw OutputFolder.fail("\(writePath): cannot create the staging folder: \(String(cString: strerror(errno)))", status: 73)
        }
    }

    /// Removes the staging folder and the files tablerender writes in it (a link or a file at
    /// its name is unlinked, never followed). Missing is fine.
    func removeStaging() throws(RenderFailure) {
        let staging = PathName.join(path, OutputFolder.stagingName)
        var st = stat()
        guard lstat(staging, &st) == 0 else { return }
        if st.st_mode & S_IFMT == S_IFDIR {
            for name in OutputFolder.entries(staging) ?? [] where OutputFolder.isOurs(name, kind: kind) {
                unlink(PathName.join(staging, name))
            }
            if rmdir(staging) == 0 || errno == ENOENT { return }
        } else if unlink(staging) == 0 || errno == ENOENT {
            return
        }
        throw OutputFolder.fail("\(staging): cannot remove the staging folder an earlier run left (it holds files tablerender did not write?): "
                                + String(cString: strerror(errno)), status: 73)
    }

    /// Swaps the staged frames in: the earlier render's described files first (from then on no
    /// manifest describes frames that are gone), then its other files, then the new frames are
    /// renamed into place and the staging folder removed.
    func swapIn(_ names: [String]) throws(RenderFailure) {
        swapping = true
        for name in kind.described where earlier.contains(name) { try remove(name) }
        OutputFolder.syncFolder(path)
        let new = Set(names)
        for name in earlier where !kind.described.contains(name) && !new.contains(name) { try remove(name) }
        for name in names where rename(PathName.join(writePath, name), PathName.join(path, name)) != 0 {
            throw OutputFolder.fail("\(path)/\(name): cannot move the new frame into place: \(String(cString: strerror(errno)))", status: 1)
        }
        try removeStaging()
        OutputFolder.syncFolder(path)
    }
}
