// The storyboard of the header article's ViewController (CollapsingHeader.swift), written as
// code: the article describes it in words, and Interface Builder's file is not code a Linux
// build can read. From the article:
// - a "Header View" constrained to the top, left and right of the controller's view, with a
//   height constraint of 88 (the `headerHeightConstraint` outlet);
// - the table constrained to the bottom, left and right, and its top to the header's bottom
//   (the `tableView` outlet);
// - a label for the title constrained to the top of the header (the `titleTopConstraint`
//   outlet) and an image view for the logo constrained to the bottom of the header with a
//   constant width and height (the `logoImageView` outlet).
// What the article leaves to its screenshots is chosen as scenes/header.json chose it (notes,
// collapsing header): the header's colour #1F3A5F with Clip to Bounds on, a white 17 pt
// semibold centred title 24 pt tall across the header, the 66 x 44 logo
// (scenes/assets/header-logo.png) centred. The header's top is constrained to the Top Layout
// Guide (Xcode 7's default when a view is pinned to the top), 20 pt below the top of the view on
// the 375 x 667 iPhone with its status bar.
import TableRenderQuartz

extension ViewController {
    /// The article's view controller with its storyboard scene: `viewDidLoad` finds the outlets set.
    public static func fromStoryboard() -> ViewController {
        let vc = ViewController()
        vc.storyboardScene = { owner in
            let view = UIView(frame: UIScreen.main.bounds)
            view.backgroundColor = .white
            guard let vc = owner as? ViewController else { return view }

            let header = UIView()
            header.translatesAutoresizingMaskIntoConstraints = false
            header.backgroundColor = UIColor(red: 31 / 255, green: 58 / 255, blue: 95 / 255, alpha: 1)
            header.clipsToBounds = true
            view.addSubview(header)

            let table = UITableView(frame: .zero, style: .plain)
            table.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(table)

            let title = UILabel()
            title.translatesAutoresizingMaskIntoConstraints = false
            title.text = "MichiganLabs"
            title.font = .systemFont(ofSize: 17, weight: .semibold)
            title.textColor = .white
            title.textAlignment = .center
            header.addSubview(title)

            let logo = UIImageView(image: UIImage(named: "assets/header-logo.png"))
            logo.translatesAutoresizingMaskIntoConstraints = false
            logo.contentMode = .scaleAspectFit
            header.addSubview(logo)

            let height = header.heightAnchor.constraint(equalToConstant: 88)
            let titleTop = title.topAnchor.constraint(equalTo: header.topAnchor, constant: 10)
            NSLayoutConstraint.activate([
                // To the Top Layout Guide, as Xcode 7 constrains a view dragged to the top: below
                // the 20 pt status bar.
                header.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
                header.leftAnchor.constraint(equalTo: view.leftAnchor),
                header.rightAnchor.constraint(equalTo: view.rightAnchor),
                height,
                table.topAnchor.constraint(equalTo: header.bottomAnchor),
                table.leftAnchor.constraint(equalTo: view.leftAnchor),
                table.rightAnchor.constraint(equalTo: view.rightAnchor),
                table.bottomAnchor.constraint(equalTo: view.bottomAnchor),
                titleTop,
                title.leftAnchor.constraint(equalTo: header.leftAnchor),
                title.rightAnchor.constraint(equalTo: header.rightAnchor),
                title.heightAnchor.constraint(equalToConstant: 24),
                logo.centerXAnchor.constraint(equalTo: header.centerXAnchor),
                logo.bottomAnchor.constraint(equalTo: header.bottomAnchor),
                logo.widthAnchor.constraint(equalToConstant: 66),
                logo.heightAnchor.constraint(equalToConstant: 44),
            ])

            vc.tableView = table
            vc.headerHeightConstraint = height
            vc.titleTopConstraint = titleTop
            vc.logoImageView = logo
            return view
        }
        return vc
    }
}
