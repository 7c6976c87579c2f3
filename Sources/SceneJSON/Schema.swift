/// The JSON Schema (draft 2020-12) of scene format version 1: schema/scene.schema.json, compiled
/// in. `tablerender schema` prints it; editors use it through a scene's `"$schema"` key.
public enum SceneSchema {
    public static var json: String { String(decoding: PackageResources.scene_schema_json, as: UTF8.self) }
}
