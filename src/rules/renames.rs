//! Records kept under a ruleset's former identity are taken over by its
//! identity now (see [`Ruleset::former_identity`]): the tally, the kept
//! games and the puzzles each rename their records by the list made here.

use std::collections::HashMap;

use super::Ruleset;

/// Former identity → identity, for the rulesets at hand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Renames(HashMap<String, String>);

impl Renames {
    /// The renames of `rulesets`: only where the two identities differ,
    /// the former one belongs to one ruleset's rules alone, and it is no
    /// ruleset's identity now — a record is never moved to the wrong game.
    #[must_use]
    pub fn of<'a>(rulesets: impl IntoIterator<Item = &'a Ruleset>) -> Self {
        let mut now = std::collections::HashSet::new();
        let mut found: HashMap<String, Option<String>> = HashMap::new();
        for r in rulesets {
            let (former, identity) = (r.former_identity(), r.identity());
            now.insert(identity.clone());
            if former == identity {
                continue;
            }
            found
                .entry(former)
                .and_modify(|to| {
                    if to.as_deref() != Some(identity.as_str()) {
                        *to = None;
                    }
                })
                .or_insert_with(|| Some(identity));
        }
        Self(
            found
                .into_iter()
                .filter(|(former, _)| !now.contains(former))
                .filter_map(|(former, to)| Some((former, to?)))
                .collect(),
        )
    }

    /// The identity now of a record kept under `identity`, where it was a
    /// former one.
    #[must_use]
    pub fn get(&self, identity: &str) -> Option<&str> {
        self.0.get(identity).map(String::as_str)
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether any of `identities` is a former one (so a file holding
    /// them is worth writing again).
    #[must_use]
    pub fn any<'a>(&self, identities: impl IntoIterator<Item = &'a str>) -> bool {
        !self.is_empty() && identities.into_iter().any(|i| self.0.contains_key(i))
    }

    /// Renames `identity` in place where it is a former one; says whether it
    /// did.
    pub fn apply(&self, identity: &mut String) -> bool {
        match self.get(identity) {
            Some(to) => {
                *identity = to.to_string();
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ruleset(name: &str, table: &str) -> Ruleset {
        Ruleset::parse(
            "t.toml",
            &format!("name = \"{name}\"\nkind = \"flags\"\n[flags]\n{table}"),
        )
        .expect("a valid ruleset")
    }

    #[test]
    fn each_former_identity_goes_to_its_ruleset_s_identity() {
        let a = ruleset("A", "start = 21\ntake = [1, 2, 3]\nlose_at = 0\n");
        let b = ruleset("B", "start = 10\ntake = [1, 2]\nlose_at = 0\n");
        let renames = Renames::of([&a, &b]);
        assert_eq!(
            renames.get(&a.former_identity()),
            Some(a.identity().as_str())
        );
        assert_eq!(
            renames.get(&b.former_identity()),
            Some(b.identity().as_str())
        );
        assert_eq!(renames.get(&a.identity()), None);
        let mut kept = a.former_identity();
        assert!(renames.apply(&mut kept));
        assert_eq!(kept, a.identity());
        assert!(!renames.apply(&mut kept), "renamed once only");
    }

    #[test]
    fn a_former_identity_shared_by_two_rules_is_left_alone() {
        // The same card (the same game), written two ways that are not the
        // same table: a default left out in one and written in the other.
        let short = ruleset("A", "start = 21\ntake = [1, 2, 3]\nlose_at = 0\n");
        let long = ruleset(
            "A",
            "start = 21\ntake = [1, 2, 3]\nlose_at = 0\nwhen_stuck = \"draw\"\n",
        );
        assert_eq!(short.former_identity(), long.former_identity());
        assert_ne!(short.identity(), long.identity());
        assert!(Renames::of([&short, &long]).is_empty());
        assert!(!Renames::of([&short]).is_empty());
    }
}
