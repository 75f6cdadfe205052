//! The fields each template is given, as a render hands them over: every variable of a
//! template's context (`site`, `page` and the page's own view) walked down to its leaves, each
//! path with the kinds of value seen there. This is the contract between a site's own templates
//! and a release: `holonet customize --fields` prints it for the site at hand, the reference
//! page `docs/templates/` lists it for the example site, and its version
//! ([`TEMPLATE_FIELDS_VERSION`]) changes whenever a field is added, taken out or changes kind.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;

use serde::Serialize;
use serde_json::Value;

/// The version of the fields templates are given, kept with the built-in templates (a copy's
/// first line names it). A release that adds, removes or changes a field gives it a new number,
/// says what changed on the reference page's list of changes, and sets
/// [`TEMPLATE_FIELDS_FINGERPRINT`] (the test of the reference page says what to).
pub use crate::builtin::TEMPLATE_FIELDS_VERSION;

/// The fingerprint of the example site's fields in [`TEMPLATE_FIELDS_VERSION`]: what tells a
/// change of fields from a change of the reference page's wording.
pub const TEMPLATE_FIELDS_FINGERPRINT: &str = "40cb6ba61b87436a537ec3e7df695848";

/// Each path a value has in a template's context, with the kinds seen there.
pub type Fields = BTreeMap<String, BTreeSet<&'static str>>;

/// The fields of every template a render ran, gathered as it runs.
#[derive(Default)]
pub struct FieldRecorder {
    seen: Mutex<BTreeMap<String, Fields>>,
}

impl FieldRecorder {
    /// Records the context `template` was given: each named variable and its value.
    pub(crate) fn record(&self, template: &str, variables: &[(&str, &dyn erased::Serializable)]) {
        let mut fields = Fields::new();
        for (name, value) in variables {
            walk(name, &value.to_json(), &mut fields);
        }
        let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        let all = seen.entry(template.to_string()).or_default();
        for (path, kinds) in fields {
            all.entry(path).or_default().extend(kinds);
        }
    }

    /// The fields of each template, by template name.
    pub fn into_fields(self) -> BTreeMap<String, Fields> {
        self.seen.into_inner().unwrap_or_else(|p| p.into_inner())
    }
}

/// A value of any serializable type, as a trait object a context's list can hold.
pub(crate) mod erased {
    use super::*;

    pub(crate) trait Serializable {
        fn to_json(&self) -> Value;
    }

    impl<T: Serialize + ?Sized> Serializable for T {
        fn to_json(&self) -> Value {
            serde_json::to_value(self).unwrap_or(Value::Null)
        }
    }
}

/// Adds `value`'s paths under `path` to `fields`: a list's items under `path[]`, a group's
/// members under `path.name`.
fn walk(path: &str, value: &Value, fields: &mut Fields) {
    let kind = match value {
        Value::Null => "none",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "number",
        Value::String(_) => "text",
        Value::Array(items) => {
            let inner = format!("{path}[]");
            for item in items {
                walk(&inner, item, fields);
            }
            "list"
        }
        Value::Object(members) => {
            for (name, member) in members {
                walk(&format!("{path}.{name}"), member, fields);
            }
            "group"
        }
    };
    fields.entry(path.to_string()).or_default().insert(kind);
}

/// The fields as the reference page lists them: `site` and `page` once, as every page template
/// gets them, then each template with the variables of its own, one field a line with its kinds
/// (a list rather than a table: a long path wraps on a phone).
pub fn to_markdown(templates: &BTreeMap<String, Fields>) -> String {
    let common = ["site", "page"];
    let mut out = String::new();
    let table = |out: &mut String, fields: &Fields, keep: &dyn Fn(&str) -> bool| {
        for (path, kinds) in fields.iter().filter(|(p, _)| keep(p)) {
            let kinds: Vec<&str> = kinds.iter().copied().collect();
            out.push_str(&format!("- `{path}`: {}\n", kinds.join(", ")));
        }
    };
    let first_variable = |path: &str| path.split(['.', '[']).next().unwrap_or(path).to_string();
    // The common variables, merged from every template that gets them.
    let mut shared = Fields::new();
    for fields in templates.values() {
        for (path, kinds) in fields {
            if common.contains(&first_variable(path).as_str()) {
                shared.entry(path.clone()).or_default().extend(kinds);
            }
        }
    }
    out.push_str("### `site` and `page`: every page {#site-and-page}\n\n");
    table(&mut out, &shared, &|_| true);
    for (template, fields) in templates {
        let own: BTreeSet<String> = fields
            .keys()
            .map(|p| first_variable(p))
            .filter(|v| !common.contains(&v.as_str()))
            .collect();
        let given: Vec<String> = fields
            .keys()
            .map(|p| first_variable(p))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .map(|v| format!("`{v}`"))
            .collect();
        out.push_str(&format!(
            "\n### `{template}`\n\nGets {}.\n",
            given.join(", ")
        ));
        if !own.is_empty() {
            out.push('\n');
            table(&mut out, fields, &|p| own.contains(&first_variable(p)));
        }
    }
    out
}

/// A fingerprint of `templates`' fields (paths and kinds), to tell when they change.
pub fn fingerprint(templates: &BTreeMap<String, Fields>) -> String {
    let mut text = String::new();
    for (template, fields) in templates {
        for (path, kinds) in fields {
            let kinds: Vec<&str> = kinds.iter().copied().collect();
            text.push_str(&format!("{template} {path} {}\n", kinds.join(",")));
        }
    }
    format!("{:032x}", xxhash_rust::xxh3::xxh3_128(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_walked_to_its_leaves_with_the_kinds_seen() {
        let recorder = FieldRecorder::default();
        let first = serde_json::json!({"title": "T", "players": [{"name": "A", "seed": 1}]});
        let second = serde_json::json!({"title": null, "players": []});
        recorder.record("event.html", &[("event", &first)]);
        recorder.record("event.html", &[("event", &second)]);
        let fields = recorder.into_fields();
        let event = &fields["event.html"];
        let kinds = |path: &str| event[path].iter().copied().collect::<Vec<_>>();
        assert_eq!(kinds("event.title"), ["none", "text"]);
        assert_eq!(kinds("event.players"), ["list"]);
        assert_eq!(kinds("event.players[].name"), ["text"]);
        assert_eq!(kinds("event.players[].seed"), ["number"]);
        let page = to_markdown(&fields);
        assert!(
            page.contains("### `event.html`\n\nGets `event`.\n"),
            "{page}"
        );
        assert!(
            page.contains("- `event.players[].seed`: number\n"),
            "{page}"
        );
    }
}
