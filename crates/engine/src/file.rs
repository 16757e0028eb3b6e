//! The files gameshelf reads and writes: bounded reads of regular files, and atomic writes
//! that never follow a link.
//!
//! Every loader (records, card decks, boards, designs) reads through [`read_text`], which
//! refuses what is not a regular file before opening it (a directory; a FIFO, whose `open`
//! would block until a writer comes; a device such as `/dev/zero`, which never ends), refuses
//! a file above the loader's size limit without reading it, and never reads more than that
//! limit in any case (a file that grows while it is read, or a `/proc` file that reports a
//! size of 0). The limits are in [`crate::limits`].
//!
//! Records are written through [`write_atomic`]: the bytes go to a temporary file in the
//! same folder, which is flushed to disk and then renamed over the destination. A rename
//! within one folder is atomic, so at every instant the destination holds either the old
//! record or the new one, whole: a full disk, a crash or a `kill -9` in the middle of a
//! write never leaves a truncated record in place of a good one. A symbolic link at the
//! destination is refused rather than followed, and so is anything that is not a regular
//! file (`/dev/full`, a folder). [`check_writable`] checks all that, and that the folder
//! accepts new files, before a game starts, so a bad save path is reported before the
//! first move rather than after the last.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// Why a file could not be read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// The operating system refused (the file is missing, a permission, a full disk).
    #[error("cannot {doing} {}", path.display())]
    Io {
        /// `read` or `write`.
        doing: &'static str,
        /// The file.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// The path names something other than a regular file.
    #[error("{} is {kind}, not a regular file", path.display())]
    NotRegular {
        /// The path.
        path: PathBuf,
        /// What it is, e.g. `a folder`, `a FIFO`, `a character device`.
        kind: &'static str,
    },
    /// The file is larger than the limit for its kind.
    #[error(
        "{} is larger than {limit} bytes, the limit for {what}",
        path.display()
    )]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit, in bytes.
        limit: u64,
        /// What kind of file it was read as, e.g. `a game record`.
        what: &'static str,
    },
    /// The file is not UTF-8 text.
    #[error("{} is not UTF-8 text", path.display())]
    NotText {
        /// The file.
        path: PathBuf,
    },
    /// A symbolic link stands where a file is to be written.
    #[error("{} is a symbolic link; gameshelf does not write through links", path.display())]
    Symlink {
        /// The path.
        path: PathBuf,
    },
    /// The path has no file name (it ends in `..` or is a root).
    #[error("{} does not name a file", path.display())]
    NoFileName {
        /// The path.
        path: PathBuf,
    },
}

/// What a file system entry is, in words, when it is not a regular file.
fn kind_of(file_type: fs::FileType) -> Option<&'static str> {
    if file_type.is_file() {
        return None;
    }
    if file_type.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return Some("a FIFO");
        }
        if file_type.is_char_device() {
            return Some("a character device");
        }
        if file_type.is_block_device() {
            return Some("a block device");
        }
        if file_type.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Reads the regular file at `path` as UTF-8 text of at most `limit` bytes; `what` names
/// the kind of file for the error (`a game record`, `a card data file`). A symbolic link is
/// followed for reading.
///
/// # Errors
/// [`FileError::NotRegular`] for a folder, FIFO, device or socket (checked before opening
/// it, so a FIFO cannot block), [`FileError::TooLarge`] above `limit` bytes,
/// [`FileError::NotText`] for bytes that are not UTF-8, [`FileError::Io`] otherwise.
pub fn read_text(path: &Path, limit: u64, what: &'static str) -> Result<String, FileError> {
    let io = |source| FileError::Io {
        doing: "read",
        path: path.to_owned(),
        source,
    };
    let too_large = || FileError::TooLarge {
        path: path.to_owned(),
        limit,
        what,
    };
    let regular = |meta: &fs::Metadata| match kind_of(meta.file_type()) {
        Some(kind) => Err(FileError::NotRegular {
            path: path.to_owned(),
            kind,
        }),
        None if meta.len() > limit => Err(too_large()),
        None => Ok(()),
    };
    regular(&fs::metadata(path).map_err(io)?)?;
    let file = File::open(path).map_err(io)?;
    // Again on the open file, in case the path was swapped in between.
    regular(&file.metadata().map_err(io)?)?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|_| FileError::NotText {
        path: path.to_owned(),
    })
}

/// Checks that `path` may be written by [`write_atomic`]: nothing, or a regular file (not
/// a link), stands there, and its folder exists and accepts a new file (a probe file is
/// created and removed).
///
/// # Errors
/// [`FileError::Symlink`], [`FileError::NotRegular`], [`FileError::NoFileName`], or
/// [`FileError::Io`] when the folder is missing or refuses new files.
pub fn check_writable(path: &Path) -> Result<(), FileError> {
    check_destination(path)?;
    let temp = temp_path(path)?;
    let probe = create_temp(&temp).map_err(|source| FileError::Io {
        doing: "write",
        path: path.to_owned(),
        source,
    })?;
    drop(probe);
    let _ = fs::remove_file(&temp);
    Ok(())
}

/// Writes `bytes` to `path` atomically: to a temporary file in the same folder, flushed to
/// disk, then renamed over `path` (and the folder flushed too, so that the rename itself
/// survives a power cut). If anything fails, `path` keeps what it held and the temporary
/// file is removed.
///
/// # Errors
/// As [`check_writable`], and [`FileError::Io`] when writing fails (a full disk).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    check_destination(path)?;
    let temp = temp_path(path)?;
    let written = create_temp(&temp).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temp, path)
    });
    if let Err(source) = written {
        let _ = fs::remove_file(&temp);
        return Err(FileError::Io {
            doing: "write",
            path: path.to_owned(),
            source,
        });
    }
    // Flushing a folder is not supported everywhere; the rename is done either way.
    if let Ok(dir) = File::open(folder(path)) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Refuses a link or anything but a regular file at `path`; nothing there is fine.
fn check_destination(path: &Path) -> Result<(), FileError> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => Err(FileError::Symlink {
            path: path.to_owned(),
        }),
        Ok(meta) => match kind_of(meta.file_type()) {
            Some(kind) => Err(FileError::NotRegular {
                path: path.to_owned(),
                kind,
            }),
            None => Ok(()),
        },
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(FileError::Io {
            doing: "write",
            path: path.to_owned(),
            source,
        }),
    }
}

/// The folder `path` is in (`.` for a bare file name).
fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// `.NAME.PID.tmp` next to `path`: hidden, and one per process.
fn temp_path(path: &Path) -> Result<PathBuf, FileError> {
    let name = path.file_name().ok_or_else(|| FileError::NoFileName {
        path: path.to_owned(),
    })?;
    let mut temp = std::ffi::OsString::from(".");
    temp.push(name);
    temp.push(format!(".{}.tmp", std::process::id()));
    Ok(folder(path).join(temp))
}

/// Creates the temporary file anew: `create_new` never opens an existing file or follows a
/// link planted at its path. A leftover of this process is removed first.
fn create_temp(temp: &Path) -> io::Result<File> {
    let open = || OpenOptions::new().write(true).create_new(true).open(temp);
    match open() {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            fs::remove_file(temp)?;
            open()
        }
        result => result,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder under the system's temporary folder, removed on drop.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir =
                std::env::temp_dir().join(format!("gameshelf-file-{name}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            fs::create_dir_all(&dir).unwrap();
            Scratch(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn reads_are_bounded_and_need_a_regular_file() {
        let dir = Scratch::new("read");
        let file = dir.0.join("a.txt");
        fs::write(&file, "hello").unwrap();
        assert_eq!(read_text(&file, 5, "a test file").unwrap(), "hello");
        let e = read_text(&file, 4, "a test file").unwrap_err();
        assert!(matches!(e, FileError::TooLarge { limit: 4, .. }), "{e}");
        assert!(e.to_string().contains("the limit for a test file"), "{e}");
        let e = read_text(&dir.0, 100, "a test file").unwrap_err();
        assert!(
            e.to_string().ends_with("is a folder, not a regular file"),
            "{e}"
        );
        fs::write(&file, [0xff, 0xfe]).unwrap();
        assert!(matches!(
            read_text(&file, 100, "a test file"),
            Err(FileError::NotText { .. })
        ));
        assert!(matches!(
            read_text(&dir.0.join("missing"), 100, "a test file"),
            Err(FileError::Io { .. })
        ));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn devices_are_refused_before_reading() {
        // `/dev/zero` never ends: it is refused without reading a byte.
        let e = read_text(Path::new("/dev/zero"), 1 << 20, "a test file").unwrap_err();
        assert!(
            matches!(
                e,
                FileError::NotRegular {
                    kind: "a character device",
                    ..
                }
            ),
            "{e}"
        );
        let e = check_writable(Path::new("/dev/full")).unwrap_err();
        assert!(matches!(e, FileError::NotRegular { .. }), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_instead_of_blocking() {
        let dir = Scratch::new("fifo");
        let fifo = dir.0.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return; // no mkfifo on this system
        }
        let e = read_text(&fifo, 100, "a test file").unwrap_err();
        assert!(
            matches!(e, FileError::NotRegular { kind: "a FIFO", .. }),
            "{e}"
        );
    }

    #[test]
    fn atomic_writes_replace_the_whole_file_and_leave_no_temporary() {
        let dir = Scratch::new("write");
        let file = dir.0.join("r.json");
        write_atomic(&file, b"first, longer").unwrap();
        write_atomic(&file, b"second").unwrap();
        assert_eq!(fs::read(&file).unwrap(), b"second");
        let names: Vec<_> = fs::read_dir(&dir.0).unwrap().collect();
        assert_eq!(names.len(), 1, "only the record is left: {names:?}");
        check_writable(&file).unwrap();
        check_writable(&dir.0.join("new.json")).unwrap();
        assert_eq!(
            fs::read_dir(&dir.0).unwrap().count(),
            1,
            "the probe is removed"
        );
    }

    #[test]
    fn missing_folders_and_folders_as_files_are_refused_before_writing() {
        let dir = Scratch::new("refuse");
        let e = check_writable(&dir.0.join("no/such/folder/x.json")).unwrap_err();
        assert!(matches!(e, FileError::Io { .. }), "{e}");
        let e = check_writable(&dir.0).unwrap_err();
        assert!(matches!(e, FileError::NotRegular { .. }), "{e}");
        let e = write_atomic(Path::new("/"), b"x").unwrap_err();
        assert!(
            matches!(
                e,
                FileError::NotRegular { .. } | FileError::NoFileName { .. }
            ),
            "{e}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_at_the_save_path_is_not_followed() {
        let dir = Scratch::new("link");
        let target = dir.0.join("precious.txt");
        fs::write(&target, "keep me").unwrap();
        let link = dir.0.join("save.json");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert!(matches!(
            check_writable(&link),
            Err(FileError::Symlink { .. })
        ));
        assert!(matches!(
            write_atomic(&link, b"record"),
            Err(FileError::Symlink { .. })
        ));
        assert_eq!(fs::read_to_string(&target).unwrap(), "keep me");
        // Reading through a link is fine.
        assert_eq!(read_text(&link, 100, "a test file").unwrap(), "keep me");
    }
}
