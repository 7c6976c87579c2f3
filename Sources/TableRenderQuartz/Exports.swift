/// `import TableRenderQuartz` brings Foundation, as `import UIKit` does on iOS: `IndexPath`,
/// `CGRect`, `CGFloat`, `TimeInterval` and `NSValue` are in scope without a second import.
@_exported import Foundation
