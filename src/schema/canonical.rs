//! A TOML value in one spelling: what a table says, whatever way the file
//! wrote it. Keys in order, whole numbers in decimal, strings quoted alike,
//! no spaces or comments — two files that say the same thing give the
//! same text (a ruleset's identity is a fingerprint of it).

use std::fmt::Write as _;

use toml::de::DeValue;

/// `value` in its one spelling, added to `out`.
pub fn canonical(value: &DeValue<'_>, out: &mut String) {
    match value {
        DeValue::String(s) => {
            // `{:?}` escapes every control character and quote alike.
            let _ = write!(out, "{:?}", s.as_ref());
        }
        DeValue::Integer(i) => match i128::from_str_radix(i.as_str(), i.radix()) {
            Ok(n) => {
                let _ = write!(out, "{n}");
            }
            Err(_) => {
                let _ = write!(out, "{i}");
            }
        },
        DeValue::Float(f) => match f.as_str().parse::<f64>() {
            Ok(x) => {
                let _ = write!(out, "{x:?}f");
            }
            Err(_) => {
                let _ = write!(out, "{}f", f.as_str());
            }
        },
        DeValue::Boolean(b) => {
            let _ = write!(out, "{b}");
        }
        DeValue::Datetime(d) => {
            let _ = write!(out, "@{d}");
        }
        DeValue::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical(item.get_ref(), out);
            }
            out.push(']');
        }
        DeValue::Table(table) => {
            let mut entries: Vec<_> = table.iter().collect();
            entries.sort_by(|a, b| a.0.get_ref().cmp(b.0.get_ref()));
            out.push('{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let _ = write!(out, "{:?}=", key.get_ref().as_ref());
                canonical(item.get_ref(), out);
            }
            out.push('}');
        }
    }
}

#[cfg(test)]
mod tests {
    use toml::de::DeTable;

    use super::*;

    fn spelt(text: &str) -> String {
        let doc = DeTable::parse(text).expect("a test table");
        let mut out = String::new();
        canonical(&DeValue::Table(doc.into_inner()), &mut out);
        out
    }

    #[test]
    fn one_spelling_whatever_the_file_wrote() {
        let plain = spelt("[t]\nb = 16\na = \"x\"\nc = [1, 2]\n");
        assert_eq!(plain, r#"{"t"={"a"="x","b"=16,"c"=[1,2]}}"#);
        let other = spelt("# a comment\n[t]\nc = [ 1,\n 2, ]   # a list\na = 'x'\nb = 0x10\n");
        assert_eq!(other, plain);
        assert_eq!(spelt("t = { a = \"x\", b = 1_6, c = [1, 2] }"), plain);
        // What differs in what it says differs in the text.
        assert_ne!(spelt("[t]\na = \"x\"\nb = 17\nc = [1, 2]\n"), plain);
        assert_ne!(spelt("[t]\na = \"x\"\nb = 16\nc = [2, 1]\n"), plain);
        assert_ne!(spelt("[t]\na = \"x\"\nb = \"16\"\nc = [1, 2]\n"), plain);
    }

    #[test]
    fn quotes_and_control_characters_cannot_pass_for_structure() {
        let tricky = spelt("a = \"x\\\",\\\"b\\\"=\\\"y\"\n");
        let two = spelt("a = \"x\"\nb = \"y\"\n");
        assert_ne!(tricky, two);
        assert!(!spelt("a = \"\\u001b[2J\"").contains('\u{1b}'));
    }
}
