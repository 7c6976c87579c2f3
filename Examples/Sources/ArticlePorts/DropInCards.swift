import Foundation
import TableRenderQuartz

/// Article 003, "UITableView animations tutorial: drop-in cards" (raywenderlich.com): the
/// main view controller's `viewDidLoad` transform and `tableView:willDisplayCell:...`, line for
/// line, on the article's contact cards (scenes/cards.json renders the same frames).
@MainActor
public final class CTMainViewController {
    public let tableView = UITableView(frame: .zero, style: .plain)
    var initialTransformation = CATransform3DIdentity
    var shownIndexes = Set<IndexPath>()

    public init() {
        viewDidLoad()
        // The delegate call, as UIKit makes it (the table keeps its controller, as a scene must).
        tableView.willDisplay = { tableView, cell, indexPath in
            self.tableView(tableView, willDisplay: cell, forRowAt: indexPath)
        }
    }

    func viewDidLoad() {
        tableView.backgroundColor = .systemGroupedBackground
        tableView.rowHeight = 120
        tableView.separatorStyle = .none
        tableView.sections = [UITableViewSection(rows: CTMainViewController.members.map { member in
            UITableViewRow(title: member.name, values: ["photo": member.photo, "role": member.role, "city": member.city,
                                                         "web": member.web, "handle": member.handle])
        })]
        tableView.cellBackgroundColor = .clear
        tableView.cellTemplate = CTCardCell(style: .default, reuseIdentifier: "CTCardCell")

        let rotationAngleDegrees: CGFloat = -15
        let rotationAngleRadians = rotationAngleDegrees * (.pi / 180)
        let offsetPositioning = CGPoint(x: -20, y: -20)

        var transform = CATransform3DIdentity
        transform = CATransform3DRotate(transform, rotationAngleRadians, 0.0, 0.0, 1.0)
        transform = CATransform3DTranslate(transform, offsetPositioning.x, offsetPositioning.y, 0.0)
        initialTransformation = transform
    }

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        if !shownIndexes.contains(indexPath) {
            shownIndexes.insert(indexPath)

            let card = cell.mainView!

            card.layer.transform = initialTransformation
            card.layer.opacity = 0.8

            UIView.animate(withDuration: 0.4, animations: {
                card.layer.transform = CATransform3DIdentity
                card.layer.opacity = 1
            })
        }
    }

    /// The scene: an iPhone 8 screen at 2x with its status bar, 60 fps (a device records at 60);
    /// the table scrolls down, back up a little, and is flung.
    public func scene(directory: String = ".") -> LayerScene {
        var scene = LayerScene(size: CGSize(width: 375, height: 667), scale: 2, fps: 60, duration: 3.4, directory: directory)
        scene.showsStatusBar = true
        scene.backgroundColor = UIColor.systemGroupedBackground.cgColor
        scene.tableView = tableView
        scene.script = [
            .scroll(at: 0.7, to: 900, duration: 1.2, timing: .easeInEaseOut),
            .scroll(at: 2.1, to: 600, duration: 0.5),
            .fling(at: 2.7, velocity: 1500, decelerationRate: 0.998),
        ]
        return scene
    }

    /// The team the cards show (the article's sample data, with photos drawn by
    /// scenes/assets/make-avatars.sh).
    static let members: [(name: String, photo: String, role: String, city: String, web: String, handle: String)] = [
        ("Ada Lovelace", "assets/avatar-al.png", "Analyst", "London, UK", "ada.example", "@ada"),
        ("Grace Hopper", "assets/avatar-gh.png", "Compiler Engineer", "Arlington, VA", "grace.example", "@amazinggrace"),
        ("Kofi Jackson", "assets/avatar-kj.png", "iOS Engineer", "Accra, Ghana", "kofi.example", "@kofij"),
        ("Mia Hansen", "assets/avatar-mh.png", "Product Designer", "Copenhagen, Denmark", "mia.example", "@miahansen"),
        ("Ravi Fernandes", "assets/avatar-rf.png", "Motion Designer", "Goa, India", "ravi.example", "@ravif"),
        ("Tara Brooks", "assets/avatar-tb.png", "Engineering Manager", "Portland, OR", "tara.example", "@tarabrooks"),
        ("Gina Moretti", "assets/avatar-gm.png", "Core Animation Nerd", "Turin, Italy", "gina.example", "@ginam"),
        ("Lars Thorsen", "assets/avatar-lt.png", "QA Lead", "Bergen, Norway", "lars.example", "@larst"),
        ("Amir Levi", "assets/avatar-al.png", "Backend Engineer", "Haifa, Israel", "amir.example", "@amirlevi"),
        ("Greta Holm", "assets/avatar-gh.png", "Accessibility Lead", "Malmö, Sweden", "greta.example", "@gretaholm"),
        ("Kenji Jōno", "assets/avatar-kj.png", "Graphics Engineer", "Osaka, Japan", "kenji.example", "@kenjij"),
        ("Mateo Herrera", "assets/avatar-mh.png", "Android Engineer", "Bogotá, Colombia", "mateo.example", "@mateoh"),
        ("Ruth Fischer", "assets/avatar-rf.png", "Data Scientist", "Zürich, Switzerland", "ruth.example", "@ruthf"),
        ("Theo Bauer", "assets/avatar-tb.png", "Swift Evangelist", "Vienna, Austria", "theo.example", "@theob"),
        ("Gus Mendes", "assets/avatar-gm.png", "Release Manager", "Porto, Portugal", "gus.example", "@gusm"),
        ("Lena Turner", "assets/avatar-lt.png", "UX Researcher", "Dublin, Ireland", "lena.example", "@lenat"),
        ("Anna Lindqvist", "assets/avatar-al.png", "Security Engineer", "Uppsala, Sweden", "anna.example", "@annal"),
        ("Gabriel Hughes", "assets/avatar-gh.png", "Tech Writer", "Cardiff, Wales", "gabriel.example", "@gabeh"),
        ("Katherine Jones", "assets/avatar-kj.png", "Mathematician", "Hampton, VA", "katherine.example", "@kjones"),
        ("Margaret Hale", "assets/avatar-mh.png", "Flight Software", "Cambridge, MA", "margaret.example", "@mhale"),
        ("Rosa Flores", "assets/avatar-rf.png", "Frontend Engineer", "Seville, Spain", "rosa.example", "@rosaf"),
        ("Tomás Bravo", "assets/avatar-tb.png", "Platform Engineer", "Santiago, Chile", "tomas.example", "@tomasb"),
        ("Greta Marsh", "assets/avatar-gm.png", "Illustrator", "Leeds, UK", "gretam.example", "@gretamarsh"),
        ("Luca Testa", "assets/avatar-lt.png", "Game Developer", "Naples, Italy", "luca.example", "@lucatesta"),
    ]
}

/// The article's card cell (a storyboard prototype there): a white `mainView` card holding the
/// photo, name, role, city and links, each bound from the row's values.
final class CTCardCell: UITableViewCell {
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        let card = UIView(frame: CGRect(x: 16, y: 8, width: 343, height: 104))
        card.accessibilityIdentifier = "mainView"
        card.backgroundColor = .white
        card.layer.cornerRadius = 14
        card.layer.shadowOpacity = 0.12
        card.layer.shadowRadius = 6
        card.layer.shadowOffset = CGSize(width: 0, height: 3)
        let photo = UIImageView(image: UIImage(named: "{photo}"))
        photo.frame = CGRect(x: 16, y: 16, width: 72, height: 72)
        photo.accessibilityIdentifier = "photo"
        photo.layer.cornerRadius = 36
        photo.clipsToBounds = true
        photo.contentMode = .scaleAspectFill
        card.addSubview(photo)
        func label(_ name: String, _ text: String, _ y: CGFloat, _ height: CGFloat, _ font: UIFont, _ color: UIColor) {
            let l = UILabel(frame: CGRect(x: 104, y: y, width: 223, height: height))
            l.accessibilityIdentifier = name
            l.text = text
            l.font = font
            l.textColor = color
            card.addSubview(l)
        }
        label("name", "{title}", 16, 22, .systemFont(ofSize: 17, weight: .semibold), .label)
        label("role", "{role}", 38, 18, .systemFont(ofSize: 13), .secondaryLabel)
        label("city", "{city}", 56, 18, .systemFont(ofSize: 13), .secondaryLabel)
        label("links", "{web}  {handle}", 74, 18, .systemFont(ofSize: 13), .systemBlue)
        contentView.addSubview(card)
        mainView = card
    }
}
