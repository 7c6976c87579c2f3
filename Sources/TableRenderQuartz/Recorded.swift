import Foundation

/// A stored property of a layer class, declared once with its key: the key is Core Animation's
/// and the scene format's (the property table's, `LayerProperties`), and setting the property
/// records the change under it for the scene being built. Inside ``LayerScene/at(_:_:)`` a
/// change to a property that animates becomes an animation when the code animates it (a
/// `UIView.animate` block, a standalone layer's implicit animation), and any other change
/// becomes a step: the model value from that time on, as Core Animation's model layer holds it.
///
/// ```swift
/// @Recorded("masksToBounds") open var masksToBounds = false
/// ```
@propertyWrapper
public struct Recorded<Value> {
    var value: Value
    /// The property's key (``CALayer/value(forKey:)``).
    public let key: String

    /// A property of `key` with its default value.
    public init(wrappedValue: Value, _ key: String) {
        value = wrappedValue
        self.key = key
    }

    /// Not used: a layer's property is read and set through its layer (the subscript below).
    @available(*, unavailable, message: "a recorded property is a layer's")
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }

    /// The property of `layer`: reading gives its value, setting records the change.
    public static subscript<Layer: CALayer>(_enclosingInstance layer: Layer, wrapped wrapped: ReferenceWritableKeyPath<Layer, Value>,
                                            storage storage: ReferenceWritableKeyPath<Layer, Recorded<Value>>) -> Value {
        get { layer[keyPath: storage].value }
        set {
            let old = layer[keyPath: storage].value
            layer[keyPath: storage].value = newValue
            ChangeContext.changed(layer, layer[keyPath: storage].key, from: old as Any, to: newValue as Any)
        }
    }
}

/// A recorded property's key, whatever its type (tests find each by a `Mirror` of its layer).
protocol RecordedProperty {
    var key: String { get }
}

extension Recorded: RecordedProperty {}
