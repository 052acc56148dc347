//! Every file the program reads or writes goes through here.
//!
//! Reads: only regular files (a FIFO, a device or a folder is refused before
//! anything blocks on it), never more than a stated number of bytes.
//! Writes: atomic — to a temporary file created exclusively under an
//! unpredictable name in the same folder, flushed to disk, then renamed over
//! the target — so a crash or a full disk never leaves a half-written file,
//! and a link planted in the folder is never followed.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// Why a file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// There is no such file.
    Missing(PathBuf),
    /// It is there but is not a regular file: what it is instead.
    NotAFile(PathBuf, &'static str),
    /// It holds more than the limit allows.
    TooLarge {
        path: PathBuf,
        what: &'static str,
        limit: u64,
    },
    /// Any other error of the system.
    Io(PathBuf, io::Error),
}

impl ReadError {
    /// Whether the file is simply not there.
    #[must_use]
    pub const fn is_missing(&self) -> bool {
        matches!(self, Self::Missing(_))
    }
}

impl ReadError {
    /// What went wrong, without the path.
    #[must_use]
    pub fn reason(&self) -> String {
        match self {
            Self::Missing(_) => "no such file".to_string(),
            Self::NotAFile(_, is) => {
                format!("{is}, not a regular file; only regular files are read")
            }
            Self::TooLarge { what, limit, .. } => format!(
                "{what} may have at most {}, and this file has more",
                crate::text::bytes(*limit)
            ),
            Self::Io(_, e) => e.to_string(),
        }
    }

    /// The file, as it may be shown.
    #[must_use]
    pub fn path(&self) -> String {
        let (Self::Missing(p)
        | Self::NotAFile(p, _)
        | Self::TooLarge { path: p, .. }
        | Self::Io(p, _)) = self;
        crate::text::visible(&p.display().to_string()).into_owned()
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path(), self.reason())
    }
}

impl std::error::Error for ReadError {}

/// What a file that is not regular is, in words.
fn kind_of(meta: &fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() {
        "a folder"
    } else {
        "not an ordinary file"
    }
}

/// Opens `path` for reading without blocking: a FIFO with no writer would
/// otherwise hang the open itself.
fn open_nonblocking(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// Reads the whole of the regular file at `path`, refusing one of more
/// than `limit` bytes; `what` names the file in that error ("a ruleset").
///
/// # Errors
/// A missing file, one that is not regular, one over the limit, or any
/// error reading it.
pub fn read_limited(path: &Path, limit: u64, what: &'static str) -> Result<Vec<u8>, ReadError> {
    let owned = || path.to_path_buf();
    // A quick look first: a FIFO, device or folder is refused unopened.
    match fs::metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(ReadError::Missing(owned())),
        Err(e) => return Err(ReadError::Io(owned(), e)),
        Ok(meta) if !meta.is_file() => return Err(ReadError::NotAFile(owned(), kind_of(&meta))),
        Ok(_) => {}
    }
    let file = open_nonblocking(path).map_err(|e| ReadError::Io(owned(), e))?;
    // Checked again on what was opened: the path may have changed since.
    let meta = file.metadata().map_err(|e| ReadError::Io(owned(), e))?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile(owned(), kind_of(&meta)));
    }
    let too_large = || ReadError::TooLarge {
        path: owned(),
        what,
        limit,
    };
    if meta.len() > limit {
        return Err(too_large());
    }
    // The size may be wrong (files in /proc say 0), so the read is bounded
    // by itself: one byte past the limit tells that there is more.
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError::Io(owned(), e))?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Writes `bytes` to `path` atomically. The folder must exist; the target,
/// if there is one, must be a regular file (a link to one is replaced by
/// the file, not followed).
///
/// # Errors
/// A missing folder, a target that is not a regular file, or any error
/// creating, writing, syncing or renaming; the target is then unchanged and
/// the temporary file removed.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = folder_of(path);
    if let Ok(meta) = fs::symlink_metadata(path)
        && !meta.is_file()
        && !meta.file_type().is_symlink()
    {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} is {}: only a regular file is written",
                path.display(),
                kind_of(&meta)
            ),
        ));
    }
    if !dir.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("the folder {} does not exist", dir.display()),
        ));
    }
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    // Created with O_EXCL under a random name: nothing planted is reused.
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// The folder a file is in (`.` for a bare name).
#[must_use]
pub fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Takes the lock that guards the file at `path` against another instance
/// of the program: an advisory lock on `<file>.lock` beside it, held until
/// the returned file is dropped. The folder is made if it is missing (it
/// is the program's own data folder).
///
/// # Errors
/// The folder cannot be made or the lock file opened or locked.
pub fn lock_beside(path: &Path) -> io::Result<File> {
    std::fs::create_dir_all(folder_of(path))?;
    let mut options = OpenOptions::new();
    options.write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        // A link planted under the lock's name is not followed.
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW);
    }
    let name = path
        .file_name()
        .map_or_else(|| "unbeatable".into(), |n| n.to_string_lossy().into_owned());
    let file = options.open(path.with_file_name(format!("{name}.lock")))?;
    file.lock()?;
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_whole_files_and_replaces_old_ones() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_planted_beside_the_file_is_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        fs::write(&victim, b"keep me").unwrap();
        // The names a predictable writer would have used, each a link to
        // the victim.
        for name in [
            ".a.txt.tmp",
            ".a.txt.tmp1",
            &format!(".a.txt.tmp{}", std::process::id()),
        ] {
            std::os::unix::fs::symlink(&victim, dir.path().join(name)).unwrap();
        }
        write_atomically(&dir.path().join("a.txt"), b"new").unwrap();
        assert_eq!(fs::read(&victim).unwrap(), b"keep me");
        assert_eq!(fs::read(dir.path().join("a.txt")).unwrap(), b"new");
    }

    #[test]
    fn a_missing_folder_is_an_error_not_created() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/a.txt");
        assert!(write_atomically(&path, b"one").is_err());
        assert!(!dir.path().join("no").exists());
    }

    #[test]
    fn reads_are_bounded() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        fs::write(&path, b"12345").unwrap();
        assert_eq!(read_limited(&path, 5, "a test file").unwrap(), b"12345");
        let e = read_limited(&path, 4, "a test file").unwrap_err();
        assert!(e.to_string().contains("at most 4 bytes"), "{e}");
        assert!(
            read_limited(&dir.path().join("b"), 4, "x")
                .unwrap_err()
                .is_missing()
        );
        let e = read_limited(dir.path(), 4, "x").unwrap_err();
        assert!(e.to_string().contains("a folder"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_refused_unread() {
        let e = read_limited(Path::new("/dev/zero"), 10, "x").unwrap_err();
        assert!(e.to_string().contains("a device"), "{e}");
    }
}
