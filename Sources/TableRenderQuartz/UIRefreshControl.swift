import Foundation
import SceneModel

/// `UIRefreshControl`: pull to refresh. Set as a table's ``UIScrollView/refreshControl`` (or a
/// `UITableViewController`'s ``UITableViewController/refreshControl``), it lies above the first
/// row; a finger's pull (the script's `drag`) reveals its spinner's spokes one by one, and a pull
/// 100 pt past the top starts it refreshing: ``isRefreshing`` turns true and its `valueChanged`
/// actions run as app code at that scene time. Released, the content rests 60 pt down with the
/// spinner turning until the code calls ``endRefreshing()`` (often from a block queued with
/// `DispatchQueue.main.asyncAfter`), when that room closes. Drawn by the table engine, as JSON's
/// `table.refreshControl` (its numbers: the engine's `TableSimulation.refreshTrigger`).
///
/// ``attributedTitle`` is drawn under the spinner (its string, and its first character's
/// `.foregroundColor` and `.font`), as UIKit's: Caption1 in `label`, one line, centred, fading in
/// with the pull; the control is then its line plus 67 pt tall. A scroll view delegate's
/// `scrollViewDidScroll` sees the pull, but the offsets it is told after the release are those
/// of a table without the control's room.
open class UIRefreshControl: UIControl {
    /// Whether it is refreshing.
    open private(set) var isRefreshing = false
    /// The spinner's colour: ``UIView/tintColor`` set on the control (one it would inherit
    /// is not used: systemGray).
    /// A title under the spinner (nil: none).
    open var attributedTitle: NSAttributedString?
    /// The table it refreshes, once set as its `refreshControl`.
    weak var table: UITableView?

    /// A control, not refreshing.
    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
    }
    /// Made from an archive, as a storyboard makes it on iOS (there are none here: made as
    /// ``init(frame:)`` makes it), so a subclass's `required init?(coder:)` builds as written.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// A control whose `primaryAction` runs when a pull starts it (iOS 14).
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// Starts refreshing as code at the time it runs (before the scene, from the start). As in
    /// UIKit the table does not scroll to show it, and no action is sent.
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        table?.recordedEvents.append(.refreshing(at: ChangeContext.current?.now ?? 0, true))
    }

    /// Ends refreshing: the room above the first row closes where the content rests in it.
    open func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        table?.recordedEvents.append(.refreshing(at: ChangeContext.current?.now ?? 0, false))
    }

    /// A finger's pull started it (the table's run loop, at that scene time).
    func pulled() {
        guard !isRefreshing else { return }
        isRefreshing = true
        sendActions(for: [.valueChanged, .primaryActionTriggered])
    }
}

extension UIScrollView {
    /// The table's refresh control (nil: none). Only a `UITableView`'s is drawn.
    public var refreshControl: UIRefreshControl? {
        get { (self as? UITableView)?.refresh }
        set {
            guard let table = self as? UITableView else { return }
            table.refresh?.table = nil
            table.refresh = newValue
            newValue?.table = table
        }
    }
}
