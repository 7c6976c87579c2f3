import Foundation
import SceneModel

/// A section's header or footer view, as UIKit's: registered with
/// ``UITableView/register(_:forHeaderFooterViewReuseIdentifier:)`` and made by
/// ``UITableView/dequeueReusableHeaderFooterView(withIdentifier:)`` in the delegate's
/// `viewForHeaderInSection` / `viewForFooterInSection`. One that only sets its ``textLabel``
/// text is drawn as the table's own header (or footer) title, as UIKit styles it; one with
/// views of its own in its ``contentView`` (or a ``backgroundView``) is drawn as those views.
open class UITableViewHeaderFooterView: UIView {
    /// The identifier it was registered under.
    public let reuseIdentifier: String?
    /// The view custom content goes in.
    public let contentView = UIView()
    /// The title: drawn in the table's header (or footer) style.
    public let textLabel: UILabel? = UILabel()
    /// A view behind the content.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let v = backgroundView { insertBackground(v) }
        }
    }

    /// A header or footer view reused under `reuseIdentifier` (UIKit's designated initialiser).
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        addSubview(contentView)
    }

    /// Made from an archive, as a storyboard makes it on iOS (there are none here: made as
    /// with no reuse identifier), so a subclass's `required init?(coder:)` builds as written.
    public required init?(coder: NSCoder) {
        reuseIdentifier = nil
        super.init(coder: coder)
        addSubview(contentView)
    }

    private func insertBackground(_ v: UIView) {
        let views = subviews
        for s in views { s.removeFromSuperview() }
        addSubview(v)
        for s in views { addSubview(s) }
    }

    /// Called before the view is handed out again (kept for app code).
    open func prepareForReuse() {}

    /// Sizes the content view to the view.
    open override func layoutSubviews() {
        contentView.frame = bounds
        backgroundView?.frame = bounds
    }

    /// What the view shows (iOS 14): a list configuration whose `text` alone is set is drawn
    /// as the table's own header or footer title; other properties changed are refused by name.
    open var contentConfiguration: UIContentConfiguration?

    /// A header configuration with nothing set (`groupedHeader()`), for `contentConfiguration`.
    public func defaultContentConfiguration() -> UIListContentConfiguration { .groupedHeader() }

    /// The title, when the view shows nothing else: drawn as the table's own title.
    var standardTitle: String? {
        guard backgroundView == nil, contentView.subviews.isEmpty else { return nil }
        if let list = contentConfiguration as? UIListContentConfiguration { return list.text }
        return textLabel?.text
    }

    /// What a content configuration asks for that the table's own title cannot draw.
    var undrawnConfiguration: String? {
        guard let config = contentConfiguration else { return nil }
        guard let list = config as? UIListContentConfiguration else {
            return "a content configuration of type \(type(of: config)) is not drawn yet (a UIListContentConfiguration's text is)"
        }
        var plain = list.kind == .footer ? UIListContentConfiguration.groupedFooter() : .groupedHeader()
        plain.text = list.text
        guard list != plain else { return nil }
        return "a content configuration with more than its text set (secondary text, an image, a changed font or colour) is not drawn yet: its text is drawn as the table's own title"
    }
}

extension UITableView {
    /// `register(_:forHeaderFooterViewReuseIdentifier:)`: ``dequeueReusableHeaderFooterView(withIdentifier:)``
    /// makes views of `aClass` for `identifier`.
    public func register(_ aClass: UITableViewHeaderFooterView.Type?, forHeaderFooterViewReuseIdentifier identifier: String) {
        app.headerFooterClasses[identifier] = aClass
    }

    /// `dequeueReusableHeaderFooterView(withIdentifier:)`: a view of the registered class, or
    /// nil for an identifier nothing was registered for (as UIKit). The table asks for its
    /// sections' views at each layout, so each call makes a new view (reuse of header views
    /// that left the screen is not modelled).
    public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        guard let type = app.headerFooterClasses[identifier] else { return nil }
        return type.init(reuseIdentifier: identifier)
    }
}
