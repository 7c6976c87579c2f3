// The header article (seeds/001, "iOS Animating UITableView Header", Michigan Labs, 2016): its
// ViewController as the article builds it up, its fragments put together in the order and at
// the places the article gives them. The article is Swift 2; this is what Xcode's migrator to
// Swift 3 and later makes of it, and nothing else. What changed:
// - `import UIKit` is `import TableRenderQuartz`;
// - `@IBOutlet` is gone from the four outlets (it needs the Objective-C runtime); the storyboard
//   they come from is CollapsingHeaderStoryboard.swift (the views and constraints the article
//   describes, written as code);
// - Swift 3's names for the same calls: `numberOfSections(in:)`, `tableView(_:numberOfRowsInSection:)`,
//   `tableView(_:cellForRowAt:)` with `IndexPath`, `scrollViewDidScroll(_:)`,
//   `scrollViewDidEndDecelerating(_:)`, `scrollViewDidEndDragging(_:willDecelerate:)`,
//   `viewWillAppear(_:)`, `setScrollPosition(_:)`, `CGPoint(x:y:)` for `CGPointMake`,
//   `UIView.animate(withDuration:animations:)` for `animateWithDuration`;
// - `open`/`public` where the library's types need it, so the tests can make the controller.
// Put together from the fragments:
// - the `newHeight` block goes inside `if canAnimateHeader(scrollView)` (the 4/20/17 edit), and
//   `previousScrollOffset` is set at the end of the method, as the article says;
// - the snap's "expand header" / "collapse header" lines are the `expandHeader()` and
//   `collapseHeader()` calls ("replacing the two lines where we set the headerHeightConstraint");
// - `updateHeader()` is called where the article says (viewWillAppear, expandHeader,
//   collapseHeader) and where the height changes while scrolling: the article's header
//   "changes as the header's height changes" and its demo shows the title and logo following
//   the finger, which the listed call sites alone would not do;
// - the outlets the last section adds (`titleTopConstraint`, `logoImageView`) are declared
//   with the first two.
import TableRenderQuartz

public class ViewController: UIViewController {

    weak var tableView: UITableView!
    weak var headerHeightConstraint: NSLayoutConstraint!
    weak var titleTopConstraint: NSLayoutConstraint!
    weak var logoImageView: UIImageView!

    let maxHeaderHeight: CGFloat = 88;
    let minHeaderHeight: CGFloat = 44;

    var previousScrollOffset: CGFloat = 0;

    public override func viewDidLoad() {
        super.viewDidLoad()
        // Do any additional setup after loading the view, typically from a nib.

        self.tableView.delegate = self
        self.tableView.dataSource = self
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        self.headerHeightConstraint.constant = self.maxHeaderHeight
        updateHeader()
    }
}

extension ViewController: UITableViewDataSource, UITableViewDelegate {
    public func numberOfSections(in tableView: UITableView) -> Int {
        return 1
    }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return 40
    }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell()
        cell.textLabel!.text = "Cell \(indexPath.row)"
        return cell
    }

    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let scrollDiff = scrollView.contentOffset.y - self.previousScrollOffset

        let absoluteTop: CGFloat = 0;
        let absoluteBottom: CGFloat = scrollView.contentSize.height - scrollView.frame.size.height;

        let isScrollingDown = scrollDiff > 0 && scrollView.contentOffset.y > absoluteTop
        let isScrollingUp = scrollDiff < 0 && scrollView.contentOffset.y < absoluteBottom

        if canAnimateHeader(scrollView) {
            var newHeight = self.headerHeightConstraint.constant
            if isScrollingDown {
                newHeight = max(self.minHeaderHeight, self.headerHeightConstraint.constant - abs(scrollDiff))
            } else if isScrollingUp {
                newHeight = min(self.maxHeaderHeight, self.headerHeightConstraint.constant + abs(scrollDiff))
            }

            if newHeight != self.headerHeightConstraint.constant {
                self.headerHeightConstraint.constant = newHeight
                self.updateHeader()
                self.setScrollPosition(self.previousScrollOffset)
            }
        }

        self.previousScrollOffset = scrollView.contentOffset.y
    }

    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        // scrolling has stopped
        self.scrollViewDidStopScrolling()
    }

    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate {
            // scrolling has stopped
            self.scrollViewDidStopScrolling()
        }
    }

    func scrollViewDidStopScrolling() {
        let range = self.maxHeaderHeight - self.minHeaderHeight
        let midPoint = self.minHeaderHeight + (range / 2)

        if self.headerHeightConstraint.constant > midPoint {
            // expand header
            self.expandHeader()
        } else {
            // collapse header
            self.collapseHeader()
        }
    }

    func canAnimateHeader(_ scrollView: UIScrollView) -> Bool {
        // Calculate the size of the scrollView when header is collapsed
        let scrollViewMaxHeight = scrollView.frame.height + self.headerHeightConstraint.constant - minHeaderHeight

        // Make sure that when header is collapsed, there is still room to scroll
        return scrollView.contentSize.height > scrollViewMaxHeight
    }

    func setScrollPosition(_ position: CGFloat) {
        self.tableView.contentOffset = CGPoint(x: self.tableView.contentOffset.x, y: position)
    }

    func collapseHeader() {
        self.view.layoutIfNeeded()
        UIView.animate(withDuration: 0.2, animations: {
            self.headerHeightConstraint.constant = self.minHeaderHeight
            // Manipulate UI elements within the header here
            self.updateHeader()
            self.view.layoutIfNeeded()
        })
    }

    func expandHeader() {
        self.view.layoutIfNeeded()
        UIView.animate(withDuration: 0.2, animations: {
            self.headerHeightConstraint.constant = self.maxHeaderHeight
            // Manipulate UI elements within the header here
            self.updateHeader()
            self.view.layoutIfNeeded()
        })
    }

    func updateHeader() {
        let range = self.maxHeaderHeight - self.minHeaderHeight
        let openAmount = self.headerHeightConstraint.constant - self.minHeaderHeight
        let percentage = openAmount / range

        self.titleTopConstraint.constant = -openAmount + 10
        self.logoImageView.alpha = percentage
    }
}
