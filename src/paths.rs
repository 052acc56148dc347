//! Where the program keeps its files, in one place: the config folder
//! (`~/.config/unbeatable/`: `config.toml`, `rulesets/`) and the data
//! folder (`~/.local/share/unbeatable/`: the tally). The environment
//! variables `UNBEATABLE_CONFIG_DIR` and `UNBEATABLE_DATA_DIR` put them
//! elsewhere (tests, and people who want them so).

use std::path::PathBuf;

/// The config folder: `<config>/unbeatable`, or `UNBEATABLE_CONFIG_DIR`.
#[must_use]
pub fn config_dir() -> Option<PathBuf> {
    std::env::var_os("UNBEATABLE_CONFIG_DIR")
        .map(PathBuf::from)
        .or_else(|| dirs::config_dir().map(|d| d.join("unbeatable")))
}

/// The data folder: `<data>/unbeatable`, or `UNBEATABLE_DATA_DIR`.
#[must_use]
pub fn data_dir() -> Option<PathBuf> {
    std::env::var_os("UNBEATABLE_DATA_DIR")
        .map(PathBuf::from)
        .or_else(|| dirs::data_dir().map(|d| d.join("unbeatable")))
}
