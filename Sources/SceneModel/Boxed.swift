/// An optional value kept on the heap: a table row's views (each `LayerModel` is about 800
/// bytes) would otherwise make every row, and every copy of the rows, kilobytes long (a
/// 100,000-row table took 1.3 GB). The box is immutable, so copies share it and a change makes a
/// new one: value semantics, as the plain optional.
@propertyWrapper
public struct Boxed<Value: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
    private var box: Box?
    public init(wrappedValue: Value?) { box = wrappedValue.map(Box.init) }
    public var wrappedValue: Value? {
        get { box?.value }
        set { box = newValue.map(Box.init) }
    }
}
