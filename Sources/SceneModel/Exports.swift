/// A scene's values (colours, gradients, contents, path commands) are the presentation tree's
/// vocabulary: whoever reads scenes sees them without a second import.
@_exported import LayerTree
/// The JSON value and its parser and writer, which scenes are read as.
@_exported import JSONText
