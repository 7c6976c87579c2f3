import Foundation
import SceneModel
import Synchronization

/// Required constraints that cannot all hold (UIKit's "Unable to simultaneously satisfy
/// constraints"): UIKit logs the conflict and breaks one of them; so does tablerender, breaking
/// the one that disagrees with what the constraints applied before it gave (the highest priority
/// first, then the order of the solve: UIKit's own choice is not documented and may differ).
/// Each conflict is said once per run, on standard error as UIKit logs it to the console.
extension AutoLayout {
    /// What was said, in order (read by tests and tools).
    static let unsatisfiableLog = Mutex<[String]>([])

    /// Notes that required equality `c` asks for `asked` where the solve has `given`.
    mutating func noteBroken(_ c: NSLayoutConstraint, asked: Double, given: Double) {
        guard c.relation == .equal, c.priority.rawValue >= UILayoutPriority.required.rawValue,
              asked.isFinite, given.isFinite, abs(asked - given) > 0.01,
              !broken.contains(where: { $0.constraint === c }) else { return }
        broken.append((c, asked, given))
    }

    /// Says each broken constraint not said before.
    func sayBroken() {
        for b in broken {
            let message = "[LayoutConstraints] Unable to simultaneously satisfy constraints. Will attempt to recover by breaking constraint "
                + "\(b.constraint.logDescription): it asks for \(Message.number(b.asked)) where the constraints applied before it give "
                + "\(Message.number(b.given)) (tablerender keeps those, the highest priority first; UIKit may break another of them)"
            let new = AutoLayout.unsatisfiableLog.withLock { log -> Bool in
                guard !log.contains(message) else { return false }
                log.append(message)
                return true
            }
            if new { FileHandle.standardError.write(Data((message + "\n").utf8)) }
        }
    }
}

extension NSLayoutConstraint {
    /// The constraint as UIKit's log writes one, without addresses:
    /// `<NSLayoutConstraint UILabel(title).width == 20   (active)>`.
    var logDescription: String {
        func item(_ v: UIView?, _ a: Attribute) -> String {
            guard let v else { return "" }
            let name = v is GuideView ? "UILayoutGuide" : String(describing: type(of: v))
            return name + (v.accessibilityIdentifier.map { "(\($0))" } ?? "") + ".\(a)"
        }
        let relation = [Relation.lessThanOrEqual: "<=", .equal: "==", .greaterThanOrEqual: ">="][self.relation] ?? "=="
        var right = item(secondItem, secondAttribute)
        if secondItem != nil, multiplier != 1 { right += " * \(Message.number(Double(multiplier)))" }
        if constant != 0 || secondItem == nil {
            right += secondItem == nil ? Message.number(Double(constant)) : (constant < 0 ? " - " : " + ") + Message.number(abs(Double(constant)))
        }
        let id = identifier.map { "'\($0)' " } ?? ""
        return "<NSLayoutConstraint \(id)\(item(firstItem, firstAttribute)) \(relation) \(right)   (active)>"
    }
}
