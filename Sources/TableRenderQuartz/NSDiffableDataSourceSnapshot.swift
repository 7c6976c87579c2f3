import Foundation
import SceneModel

/// UIKit's `NSDiffableDataSourceSnapshot`: the sections and items a table shows, by identifier.
/// Identifiers are unique: an item appended twice, or to a section that is not there, is
/// refused as UIKit raises, with a message when the scene is written.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    private var sectionIDs: [SectionIdentifierType] = []
    private var itemsBySection: [SectionIdentifierType: [ItemIdentifierType]] = [:]
    private var sectionOfItem: [ItemIdentifierType: SectionIdentifierType] = [:]
    /// The items `reloadItems(_:)` marked.
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    /// The items `reconfigureItems(_:)` marked.
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []
    /// The sections `reloadSections(_:)` marked.
    public private(set) var reloadedSectionIdentifiers: [SectionIdentifierType] = []
    /// What the calls asked that UIKit raises for (written as the scene's problems).
    var misuse: [String] = []

    /// An empty snapshot.
    public init() {}

    /// The number of items in every section.
    public var numberOfItems: Int { sectionOfItem.count }
    /// The number of sections.
    public var numberOfSections: Int { sectionIDs.count }
    /// The sections, in order.
    public var sectionIdentifiers: [SectionIdentifierType] { sectionIDs }
    /// Every item, section by section.
    public var itemIdentifiers: [ItemIdentifierType] { sectionIDs.flatMap { itemsBySection[$0] ?? [] } }
    /// The number of items in a section.
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int { itemsBySection[identifier]?.count ?? 0 }
    /// The items of a section, in order.
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] { itemsBySection[identifier] ?? [] }
    /// The section holding an item.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? { sectionOfItem[identifier] }
    /// An item's index among all the items, section by section.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? { itemIdentifiers.firstIndex(of: identifier) }
    /// A section's index.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sectionIDs.firstIndex(of: identifier) }

    /// Adds sections at the end.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) { insert(identifiers, at: sectionIDs.count) }
    /// Adds sections before another.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection to: SectionIdentifierType) {
        guard let i = sectionIDs.firstIndex(of: to) else { return missing("section", to, "insertSections(_:beforeSection:)") }
        insert(identifiers, at: i)
    }
    /// Adds sections after another.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection to: SectionIdentifierType) {
        guard let i = sectionIDs.firstIndex(of: to) else { return missing("section", to, "insertSections(_:afterSection:)") }
        insert(identifiers, at: i + 1)
    }
    /// Removes sections and their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        for s in identifiers {
            for item in itemsBySection[s] ?? [] { sectionOfItem[item] = nil }
            itemsBySection[s] = nil
            sectionIDs.removeAll { $0 == s }
        }
    }
    /// Moves a section before another.
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection to: SectionIdentifierType) {
        guard sectionIDs.contains(identifier), identifier != to, sectionIDs.contains(to) else { return missing("section", to, "moveSection(_:beforeSection:)") }
        sectionIDs.removeAll { $0 == identifier }
        sectionIDs.insert(identifier, at: sectionIDs.firstIndex(of: to) ?? sectionIDs.count)
    }
    /// Moves a section after another.
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection to: SectionIdentifierType) {
        guard sectionIDs.contains(identifier), identifier != to, sectionIDs.contains(to) else { return missing("section", to, "moveSection(_:afterSection:)") }
        sectionIDs.removeAll { $0 == identifier }
        sectionIDs.insert(identifier, at: (sectionIDs.firstIndex(of: to) ?? sectionIDs.count - 1) + 1)
    }
    /// Marks sections to be reloaded (their cells asked again).
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) { reloadedSectionIdentifiers += identifiers }

    /// Adds items at the end of a section (nil: the last section).
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil) {
        guard let s = section ?? sectionIDs.last, itemsBySection[s] != nil else {
            misuse.append("appendItems(_:toSection:): there is no section to append to (append the section first)")
            return
        }
        add(identifiers, to: s, at: itemsBySection[s]?.count ?? 0)
    }
    /// Adds items before another item.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem to: ItemIdentifierType) {
        guard let s = sectionOfItem[to], let i = itemsBySection[s]?.firstIndex(of: to) else { return missing("item", to, "insertItems(_:beforeItem:)") }
        add(identifiers, to: s, at: i)
    }
    /// Adds items after another item.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem to: ItemIdentifierType) {
        guard let s = sectionOfItem[to], let i = itemsBySection[s]?.firstIndex(of: to) else { return missing("item", to, "insertItems(_:afterItem:)") }
        add(identifiers, to: s, at: i + 1)
    }
    /// Removes items.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        for item in identifiers {
            guard let s = sectionOfItem.removeValue(forKey: item) else { continue }
            itemsBySection[s]?.removeAll { $0 == item }
        }
    }
    /// Removes every section and item.
    public mutating func deleteAllItems() {
        sectionIDs = []; itemsBySection = [:]; sectionOfItem = [:]
    }
    /// Moves an item before another.
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem to: ItemIdentifierType) {
        guard identifier != to, sectionOfItem[identifier] != nil, sectionOfItem[to] != nil else { return missing("item", to, "moveItem(_:beforeItem:)") }
        deleteItems([identifier])
        insertItems([identifier], beforeItem: to)
    }
    /// Moves an item after another.
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem to: ItemIdentifierType) {
        guard identifier != to, sectionOfItem[identifier] != nil, sectionOfItem[to] != nil else { return missing("item", to, "moveItem(_:afterItem:)") }
        deleteItems([identifier])
        insertItems([identifier], afterItem: to)
    }
    /// Marks items to be reloaded: new cells, animated with the data source's `defaultRowAnimation`.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) { reloadedItemIdentifiers += identifiers }
    /// Marks items to be reconfigured: their cells asked again and kept (iOS 15).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) { reconfiguredItemIdentifiers += identifiers }

    private mutating func insert(_ identifiers: [SectionIdentifierType], at index: Int) {
        var at = index
        for s in identifiers {
            guard itemsBySection[s] == nil else {
                misuse.append("Section identifier \(s) is already in the snapshot: section identifiers must be unique")
                continue
            }
            sectionIDs.insert(s, at: at)
            itemsBySection[s] = []
            at += 1
        }
    }

    private mutating func add(_ identifiers: [ItemIdentifierType], to s: SectionIdentifierType, at index: Int) {
        var at = index
        for item in identifiers {
            guard sectionOfItem[item] == nil else {
                misuse.append("Item identifier \(item) is already in the snapshot: item identifiers must be unique")
                continue
            }
            itemsBySection[s, default: []].insert(item, at: at)
            sectionOfItem[item] = s
            at += 1
        }
    }

    private mutating func missing(_ kind: String, _ id: some Hashable, _ call: String) {
        misuse.append("\(call): the \(kind) \(id) is not in the snapshot")
    }

    /// Where each item is: its section's index and its row.
    var indexPaths: [ItemIdentifierType: IndexPath] {
        var out: [ItemIdentifierType: IndexPath] = [:]
        for (si, s) in sectionIDs.enumerated() {
            for (ri, item) in (itemsBySection[s] ?? []).enumerated() { out[item] = IndexPath(row: ri, section: si) }
        }
        return out
    }
}
