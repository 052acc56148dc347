//! The prefix tree of a word list: one node per prefix of a listed word,
//! numbered in preorder (so every child comes after its parent), with the
//! children of a node chained in letter order.

/// A node's number; the root (the empty word) is 0.
pub type Node = u32;

const NONE: Node = Node::MAX;

#[derive(Clone, Debug, Default)]
pub struct Trie {
    letter: Vec<u8>,
    parent: Vec<Node>,
    first_child: Vec<Node>,
    next_sibling: Vec<Node>,
    /// The prefix is itself a listed word.
    word: Vec<bool>,
    /// Words have at most 100 letters: a byte holds a depth.
    depth: Vec<u8>,
    words: usize,
}

impl Trie {
    /// The tree of `words` (lower-case a–z, checked by the caller): any
    /// order, duplicates allowed.
    #[must_use]
    pub fn build<'w>(words: impl IntoIterator<Item = &'w str>) -> Self {
        let mut sorted: Vec<&str> = words.into_iter().collect();
        sorted.sort_unstable();
        sorted.dedup();
        let mut t = Self {
            words: sorted.len(),
            ..Self::default()
        };
        t.push(b'\0', NONE, 0);
        // The path from the root to the last word's node.
        let mut path: Vec<Node> = vec![0];
        let mut last: &[u8] = b"";
        for w in sorted {
            let w = w.as_bytes();
            let common = last.iter().zip(w).take_while(|(a, b)| a == b).count();
            path.truncate(common + 1);
            for (i, &c) in w.iter().enumerate().skip(common) {
                let parent = path[i];
                let node = t.push(c, parent, u8::try_from(i + 1).unwrap_or(u8::MAX));
                // Sorted input: a new child comes after its older siblings.
                match t.last_child(parent) {
                    Some(prev) => t.next_sibling[prev as usize] = node,
                    None => t.first_child[parent as usize] = node,
                }
                path.push(node);
            }
            if let Some(&end) = path.last() {
                t.word[end as usize] = true;
            }
            last = w;
        }
        t
    }

    fn push(&mut self, letter: u8, parent: Node, depth: u8) -> Node {
        let n = self.letter.len() as Node;
        self.letter.push(letter);
        self.parent.push(parent);
        self.first_child.push(NONE);
        self.next_sibling.push(NONE);
        self.word.push(false);
        self.depth.push(depth);
        n
    }

    fn last_child(&self, n: Node) -> Option<Node> {
        let mut c = self.first_child[n as usize];
        if c == NONE {
            return None;
        }
        while self.next_sibling[c as usize] != NONE {
            c = self.next_sibling[c as usize];
        }
        Some(c)
    }

    /// How many nodes (prefixes, the empty one included).
    #[must_use]
    pub fn len(&self) -> usize {
        self.letter.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() <= 1
    }

    /// How many different words the list holds.
    #[must_use]
    pub const fn words(&self) -> usize {
        self.words
    }

    /// The children of `n` with their letters, in letter order.
    pub fn children(&self, n: Node) -> impl Iterator<Item = (u8, Node)> + '_ {
        let mut c = self.first_child[n as usize];
        std::iter::from_fn(move || {
            if c == NONE {
                return None;
            }
            let out = (self.letter[c as usize], c);
            c = self.next_sibling[c as usize];
            Some(out)
        })
    }

    /// The child of `n` by `letter`.
    #[must_use]
    pub fn child(&self, n: Node, letter: u8) -> Option<Node> {
        self.children(n).find(|&(l, _)| l == letter).map(|(_, c)| c)
    }

    #[must_use]
    pub fn is_word(&self, n: Node) -> bool {
        self.word[n as usize]
    }

    #[must_use]
    pub fn depth(&self, n: Node) -> u32 {
        u32::from(self.depth[n as usize])
    }

    #[must_use]
    pub fn has_children(&self, n: Node) -> bool {
        self.first_child[n as usize] != NONE
    }

    /// The prefix `n` stands for.
    #[must_use]
    pub fn text(&self, mut n: Node) -> String {
        let mut out = Vec::new();
        while n != 0 && n != NONE {
            out.push(self.letter[n as usize]);
            n = self.parent[n as usize];
        }
        out.reverse();
        String::from_utf8(out).unwrap_or_default()
    }

    /// Up to `most` listed words longer than the prefix `n` that begin
    /// with it, shortest first.
    #[must_use]
    pub fn completions(&self, n: Node, most: usize) -> Vec<String> {
        let mut found = Vec::new();
        let mut layer: Vec<Node> = self.children(n).map(|(_, c)| c).collect();
        while !layer.is_empty() && found.len() < most {
            let mut next = Vec::new();
            for &m in &layer {
                if self.is_word(m) && found.len() < most {
                    found.push(self.text(m));
                }
                next.extend(self.children(m).map(|(_, c)| c));
            }
            layer = next;
        }
        found
    }
}
