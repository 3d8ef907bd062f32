//! The CLI's JSON writer (`src/json.rs`, compiled in here): one
//! serializer type for compact and pretty text, which writes what
//! serde_json's own functions write.

#[allow(dead_code)]
#[path = "../../src/json.rs"]
mod json;

#[test]
fn writes_what_serde_json_writes() {
    let values = [
        serde_json::json!({"a": [1, {"b": null, "c": []}, "x\ny"], "d": {}, "e": [[]]}),
        serde_json::json!([]),
        serde_json::json!({}),
        serde_json::json!("s"),
    ];
    for value in values {
        assert_eq!(
            json::to_vec(&value, false).unwrap(),
            serde_json::to_vec(&value).unwrap()
        );
        assert_eq!(
            json::to_vec(&value, true).unwrap(),
            serde_json::to_vec_pretty(&value).unwrap()
        );
    }
}
