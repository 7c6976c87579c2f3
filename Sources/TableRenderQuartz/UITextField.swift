import Foundation

/// `UITextField` as a form's row shows it at rest: its text in its font and colour, or its
/// placeholder in `placeholderText` when it has none, on one line, vertically centred (a secure
/// field shows a bullet per character). Nothing is typed in a scene, so the keyboard, editing
/// and the delegate's calls never happen; what a field shows changes when app code sets its
/// `text` (at a scene time, as any view's). A border other than `.none`, a clear button shown
/// `.always`, and a left or right view shown are not drawn yet: they are refused by name.
open class UITextField: UIControl {
    /// UIKit's border styles (`.none` is drawn; the others are refused by name).
    public enum BorderStyle: Int, Sendable { case none, line, bezel, roundedRect }
    /// When an overlay view (the clear button, a left or right view) shows.
    public enum ViewMode: Int, Sendable { case never, whileEditing, unlessEditing, always }

    /// The label that shows the text or the placeholder.
    private let shown = UILabel()

    /// The text (nil or empty: the placeholder shows).
    open var text: String? { didSet { restyle() } }
    /// What shows while there is no text, in `placeholderText`.
    open var placeholder: String? { didSet { restyle() } }
    /// The font (the system font at 17 pt unless set).
    open var font: UIFont? = .systemFont(ofSize: 17) { didSet { restyle() } }
    /// The text's colour (label).
    open var textColor: UIColor? = .label { didSet { restyle() } }
    /// The alignment.
    open var textAlignment = NSTextAlignment.natural { didSet { restyle() } }
    /// A bullet for each character in place of the text.
    open var isSecureTextEntry = false { didSet { restyle() } }
    /// The border (only `.none` is drawn).
    open var borderStyle = BorderStyle.none {
        didSet { if borderStyle != .none { refuse("borderStyle .\(borderStyle): a field's border is not drawn yet (.none is)") } }
    }
    /// When the clear button shows (only while editing, which a scene never is, unless `.always`).
    open var clearButtonMode = ViewMode.never {
        didSet { if clearButtonMode == .always || clearButtonMode == .unlessEditing { refuse("clearButtonMode: a clear button shown at rest is not drawn yet") } }
    }
    /// A view at the leading end (not drawn yet: refused when shown).
    open var leftView: UIView?
    /// When the left view shows.
    open var leftViewMode = ViewMode.never { didSet { if leftViewMode != .never, leftView != nil { refuse("leftView: a field's overlay views are not drawn yet") } } }
    /// A view at the trailing end (not drawn yet: refused when shown).
    open var rightView: UIView?
    /// When the right view shows.
    open var rightViewMode = ViewMode.never { didSet { if rightViewMode != .never, rightView != nil { refuse("rightView: a field's overlay views are not drawn yet") } } }
    /// Whether the text shrinks to fit (kept: a field's text at rest is drawn at its font).
    open var adjustsFontSizeToFitWidth = false
    /// The smallest size it shrinks to.
    open var minimumFontSize: CGFloat = 0
    /// The keyboard's kind (no keyboard shows in a scene: kept for app code).
    open var keyboardType = UIKeyboardType.default
    /// How typed text is capitalised (kept).
    open var autocapitalizationType = UITextAutocapitalizationType.sentences
    /// Whether typed text is corrected (kept).
    open var autocorrectionType = UITextAutocorrectionType.default
    /// The return key's title (kept).
    open var returnKeyType = UIReturnKeyType.default
    /// What the text is, for autofill (kept).
    open var textContentType: UITextContentType?
    /// The delegate (never called: nothing is typed in a scene).
    open weak var delegate: UITextFieldDelegate?

    /// An empty field.
    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        build()
    }

    /// Made from an archive, as a storyboard makes it on iOS (there are none here: made as
    /// an empty field), so a subclass's `required init?(coder:)` builds as written.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        build()
    }

    private func build() {
        shown.frame = bounds
        addSubview(shown)
        restyle()
    }

    private func refuse(_ message: String) { layer.refusedCalls.append("UITextField.\(message)") }

    private func restyle() {
        let typed = text ?? ""
        if typed.isEmpty {
            shown.text = placeholder
            shown.textColor = .placeholderText
        } else {
            shown.text = isSecureTextEntry ? String(repeating: "\u{2022}", count: typed.count) : typed
            shown.textColor = textColor ?? .label
        }
        shown.font = font ?? .systemFont(ofSize: 17)
        shown.textAlignment = textAlignment
        invalidateIntrinsicContentSize()
    }

    /// The text (or placeholder) fills the field, centred on its line.
    open override func layoutSubviews() {
        super.layoutSubviews()
        shown.frame = bounds
    }

    /// The shown text's baselines (it fills the field, centred on its line).
    override func textBaselines(width: Double?, height: Double?) -> (first: Double, lastFromBottom: Double)? {
        shown.textBaselines(width: width, height: height)
    }

    /// The shown text's size, as tall as a line of the font with no text.
    open override var intrinsicContentSize: CGSize {
        let size = shown.intrinsicContentSize
        guard size.height == 0 else { return size }
        let probe = UILabel()
        probe.font = shown.font
        probe.text = " "
        return CGSize(width: 0, height: probe.intrinsicContentSize.height)
    }
}

/// A text field's delegate (UIKit's methods, all optional; never called in a scene).
@preconcurrency @MainActor
public protocol UITextFieldDelegate: AnyObject {
    /// Whether editing may begin.
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    /// Editing began.
    func textFieldDidBeginEditing(_ textField: UITextField)
    /// Editing ended.
    func textFieldDidEndEditing(_ textField: UITextField)
    /// Whether to take a change of the text.
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    /// Whether the return key is taken.
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    /// Yes.
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    /// Nothing.
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    /// Nothing.
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    /// Yes.
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
    /// Yes.
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

/// The keyboard a field asks for (none shows in a scene).
public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad,
         twitter, webSearch, asciiCapableNumberPad
}

/// How typed text is capitalised.
public enum UITextAutocapitalizationType: Int, Sendable { case none, words, sentences, allCharacters }

/// Whether typed text is corrected.
public enum UITextAutocorrectionType: Int, Sendable { case `default`, no, yes }

/// The return key's title.
public enum UIReturnKeyType: Int, Sendable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// What a field's text is, for autofill (kept for app code).
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    /// UIKit's name for it.
    public let rawValue: String
    /// A content type by UIKit's name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `.name`.
    public static let name = UITextContentType(rawValue: "name")
    /// `.emailAddress`.
    public static let emailAddress = UITextContentType(rawValue: "emailAddress")
    /// `.username`.
    public static let username = UITextContentType(rawValue: "username")
    /// `.password`.
    public static let password = UITextContentType(rawValue: "password")
    /// `.newPassword`.
    public static let newPassword = UITextContentType(rawValue: "newPassword")
    /// `.telephoneNumber`.
    public static let telephoneNumber = UITextContentType(rawValue: "telephoneNumber")
    /// `.fullStreetAddress`.
    public static let fullStreetAddress = UITextContentType(rawValue: "fullStreetAddress")
    /// `.postalCode`.
    public static let postalCode = UITextContentType(rawValue: "postalCode")
    /// `.oneTimeCode`.
    public static let oneTimeCode = UITextContentType(rawValue: "oneTimeCode")
}
