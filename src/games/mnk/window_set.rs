//! A set of windows (by number) with insertion and removal in constant
//! time: the windows a side is one or two stones short of a line in. The
//! threat searches read them at every node; scanning every window of a
//! 15×15 board for them each time took a third of the playing search.

/// Marks a window that is not in the set.
const ABSENT: u32 = u32::MAX;

#[derive(Clone, Debug, Default)]
pub struct WindowSet {
    items: Vec<u32>,
    /// Where each window is in `items`, or `ABSENT`.
    at: Vec<u32>,
}

impl WindowSet {
    /// An empty set of the windows numbered below `windows`.
    #[must_use]
    pub fn new(windows: usize) -> Self {
        Self {
            items: Vec::new(),
            at: vec![ABSENT; windows],
        }
    }

    /// Puts `w` in the set or takes it out.
    pub fn set(&mut self, w: u32, member: bool) {
        let i = self.at[w as usize];
        if member && i == ABSENT {
            self.at[w as usize] = self.items.len() as u32;
            self.items.push(w);
        } else if !member && i != ABSENT {
            // The last window takes the place of the one leaving.
            let last = self.items.pop().unwrap_or(w);
            if last != w {
                self.items[i as usize] = last;
                self.at[last as usize] = i;
            }
            self.at[w as usize] = ABSENT;
        }
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The windows in ascending order, so that what is read off them does
    /// not depend on the order the stones were played in.
    #[must_use]
    pub fn sorted(&self) -> Vec<u32> {
        let mut out = self.items.clone();
        out.sort_unstable();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::WindowSet;

    #[test]
    fn holds_what_was_put_in_and_not_what_was_taken_out() {
        let mut set = WindowSet::new(10);
        for w in [7, 2, 9, 2, 4] {
            set.set(w, true);
        }
        assert_eq!(set.sorted(), vec![2, 4, 7, 9]);
        set.set(7, false);
        set.set(7, false);
        set.set(3, false);
        assert_eq!(set.sorted(), vec![2, 4, 9]);
        set.set(9, false);
        set.set(2, false);
        set.set(4, false);
        assert!(set.is_empty());
        set.set(9, true);
        assert_eq!(set.sorted(), vec![9]);
    }
}
