//! The net under every command: rulesets at and just past each limit the
//! README's table names (the table is read here, so a limit that changes
//! changes the test), hostile text and hostile files, each run through
//! `check`, `analyze`, `analyze --json` and plain play with `hint` and
//! `moves`, as a child process with a memory cap and a kill timer far above
//! the budget. Each must end by itself: with a result, or with an error
//! naming the file (and line and column where the fault is in it) — never
//! a signal, a panic or the kill. These are no speed targets: they catch
//! hangs and blow-ups.

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The address space a command may use: far above what any needs.
const MEMORY_CAP: u64 = 2 << 30;
/// How long a command may run before it is taken for hung: the budget of
/// a question is 0.3 s here.
const KILL_AFTER: Duration = Duration::from_secs(120);
const THINK: &str = "0.3";

/// How one run ended.
struct Ran {
    code: Option<i32>,
    signal: Option<i32>,
    stdout: String,
    stderr: String,
    took: Duration,
}

/// Runs the binary with `args` in `dir`, `input` on standard input, under
/// the memory cap and the kill timer.
fn run(dir: &Path, args: &[&str], input: &str) -> Ran {
    let bin = assert_cmd::cargo::cargo_bin("unbeatable");
    let mut cmd = Command::new(bin);
    cmd.args(args)
        .current_dir(dir)
        .env("UNBEATABLE_CONFIG_DIR", dir.join("no-config"))
        .env("UNBEATABLE_DATA_DIR", dir.join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit only, between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            let cap = libc::rlimit {
                rlim_cur: MEMORY_CAP,
                rlim_max: MEMORY_CAP,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &raw const cap) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let started = Instant::now();
    let mut child = cmd.spawn().expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > KILL_AFTER {
            let _ = child.kill();
            panic!(
                "{args:?} in {} ran past {KILL_AFTER:?}: hung",
                dir.display()
            );
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let took = started.elapsed();
    let _ = feeder.join();
    let stdout = String::from_utf8_lossy(&reader.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).into_owned();
    Ran {
        code: status.code(),
        signal: status.signal(),
        stdout,
        stderr,
        took,
    }
}

/// The largest resident memory of any child this test process has waited
/// for, in KiB.
fn largest_child_kib() -> i64 {
    // SAFETY: getrusage fills the struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &raw mut usage) };
    usage.ru_maxrss
}

/// What a command must never do, whatever the file: die of a signal or a
/// panic, or send a control character to the terminal.
fn assert_ended_well(ran: &Ran, what: &str) {
    assert!(
        ran.signal.is_none() && matches!(ran.code, Some(0 | 1)),
        "{what}: ended with {:?} / signal {:?}\n{}",
        ran.code,
        ran.signal,
        ran.stderr
    );
    assert!(
        !ran.stderr.contains("panicked") && !ran.stderr.contains("memory allocation"),
        "{what}: {}",
        ran.stderr
    );
    for text in [&ran.stdout, &ran.stderr] {
        assert!(
            !text
                .chars()
                .any(|c| c.is_control() && c != '\n' && c != '\t'),
            "{what}: a control character reached the output: {:?}",
            text.chars().take(300).collect::<String>()
        );
    }
}

/// Every command on the ruleset `file` (a path inside `dir`): an accepted
/// ruleset works in each, a refused one is refused by each.
fn every_command(dir: &Path, file: &str, accepted: bool, worst: &Mutex<(Duration, String)>) {
    let runs: [(&[&str], &str); 4] = [
        (&["check", file], ""),
        (&["analyze", file, "--think", THINK], ""),
        (&["analyze", file, "--json", "--think", THINK], ""),
        (
            &["play", file, "--plain", "--think", THINK],
            "hint\nmoves\nquit\n",
        ),
    ];
    for (args, input) in runs {
        let ran = run(dir, args, input);
        let what = format!("{args:?} in {}", dir.display());
        assert_ended_well(&ran, &what);
        if accepted {
            assert_eq!(ran.code, Some(0), "{what}: {}", ran.stderr);
        } else {
            assert_eq!(ran.code, Some(1), "{what} was accepted: {}", ran.stdout);
            assert!(ran.stderr.contains("error"), "{what}: {}", ran.stderr);
        }
        let mut w = worst
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if ran.took > w.0 {
            *w = (ran.took, what);
        }
    }
}

/// A number as the README writes it: `10^18`, `64 KiB`, `1000000`.
fn limit(text: &str) -> u64 {
    let t = text.trim();
    if let Some(kib) = t.strip_suffix(" KiB") {
        return kib.trim().parse::<u64>().expect("KiB") * 1024;
    }
    if let Some(mib) = t.strip_suffix(" MiB") {
        return mib.trim().parse::<u64>().expect("MiB") * 1024 * 1024;
    }
    if let Some(exp) = t.strip_prefix("10^") {
        return 10u64.pow(exp.parse().expect("power"));
    }
    t.split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("not a limit: '{t}'"))
}

/// The README's table of limits: (family, what, limit).
fn readme_limits() -> Vec<(String, String, u64)> {
    let readme = include_str!("../../README.md");
    let table = readme
        .split("### Limits")
        .nth(1)
        .expect("the README has a Limits section")
        .split("\n\n")
        .find(|block| block.starts_with("| family"))
        .expect("the Limits section has a table");
    table
        .lines()
        .skip(2)
        .map(|row| {
            let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
            (cells[0].to_string(), cells[1].to_string(), limit(cells[2]))
        })
        .collect()
}

/// A ruleset of `kind` with `table` as its table's keys.
fn ruleset(kind: &str, table: &str) -> String {
    format!("name = \"limit\"\nkind = \"{kind}\"\n\n[{kind}]\n{table}\n")
}

fn numbers(from: u64, to: u64) -> String {
    (from..=to)
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Files for one ruleset: the ruleset itself and any word list beside it.
type Files = Vec<(String, Vec<u8>)>;

fn one(text: String) -> Files {
    vec![("r.toml".to_string(), text.into_bytes())]
}

fn with_list(text: &str, list: Vec<u8>) -> Files {
    vec![
        ("r.toml".to_string(), text.as_bytes().to_vec()),
        ("list.txt".to_string(), list),
    ]
}

/// The `i`th word of `len` letters over a..z: distinct for distinct `i`
/// below 26^len.
fn nth_word(i: u64, len: usize) -> Vec<u8> {
    let mut n = i;
    (0..len)
        .map(|_| {
            let c = b'a' + (n % 26) as u8;
            n /= 26;
            c
        })
        .collect()
}

/// The rulesets at a limit and just past it, for one row of the table.
fn at_and_past(family: &str, what: &str, n: u64) -> (Files, Files) {
    let flags = |table: &str| ruleset("flags", table);
    let nim = |table: &str| ruleset("nim", table);
    let pair = |f: &dyn Fn(u64) -> Files| (f(n), f(n + 1));
    match (family, what) {
        ("any", "a ruleset file") => pair(&|size| {
            let mut text = flags("start = 21\ntake = [1, 2, 3]\nlose_at = 1");
            text.push('#');
            while (text.len() as u64) < size {
                text.push('x');
            }
            one(text)
        }),
        ("any", "`name`") => pair(&|len| {
            one(format!(
                "name = \"{}\"\nkind = \"flags\"\n[flags]\nstart = 21\ntake = [1, 2, 3]\nlose_at = 1\n",
                "n".repeat(len as usize)
            ))
        }),
        ("any", "`description`") => pair(&|len| {
            one(format!(
                "name = \"d\"\ndescription = \"{}\"\nkind = \"flags\"\n[flags]\nstart = 21\ntake = [1, 2, 3]\nlose_at = 1\n",
                "d".repeat(len as usize)
            ))
        }),
        ("flags", "`start`") => pair(&|s| {
            one(flags(&format!(
                "start = {s}\ntake = [1, 2, 3]\nlose_at = 1"
            )))
        }),
        ("flags", "`take`: sizes") => pair(&|k| {
            one(flags(&format!(
                "start = 1000000\ntake = [{}]\nlose_at = 1",
                numbers(1, k)
            )))
        }),
        ("flags", "`take`: each size") => {
            pair(&|k| one(flags(&format!("start = 100000\ntake = [{k}]\nlose_at = 1"))))
        }
        ("nim", "`piles`") => pair(&|p| {
            let piles = vec!["7"; p as usize].join(", ");
            one(nim(&format!("piles = [{piles}]")))
        }),
        ("arrays", "`values`") => pair(&|k| {
            one(ruleset(
                "arrays",
                &format!("game = \"xor\"\nvalues = [{}]", numbers(1, k)),
            ))
        }),
        ("arrays", "a value") => pair(&|v| one(ruleset("arrays", &format!("values = [{v}, 1]")))),
        ("arrays", w) if w.starts_with("distinct") => pair(&|d| {
            one(ruleset(
                "arrays",
                &format!("game = \"replace\"\nvalues = [{}]", numbers(1, d)),
            ))
        }),
        ("sum", "parts") => pair(&|k| {
            let part = "[[sum.part]]\nkind = \"flags\"\nstart = 10\ntake = [1, 2]\n";
            one(format!(
                "name = \"limit\"\nkind = \"sum\"\n\n{}",
                part.repeat(k as usize)
            ))
        }),
        ("sum", w) if w.starts_with("vertices") => pair(&|v| {
            let names: Vec<String> = (0..v).map(|i| format!("\"v{i}\"")).collect();
            one(format!(
                "name = \"limit\"\nkind = \"sum\"\n\n[[sum.part]]\nkind = \"graph\"\nvertices = [{}]\nedges = [[\"v0\", \"v1\"]]\nstart = \"v0\"\n\n[[sum.part]]\nkind = \"flags\"\nstart = 3\ntake = [1]\n",
                names.join(", ")
            ))
        }),
        ("sum", w) if w.starts_with("a pile") => pair(&|p| {
            one(format!(
                "name = \"limit\"\nkind = \"sum\"\n\n[[sum.part]]\nkind = \"nim\"\npiles = [{p}]\ntake = \"any\"\n\n[[sum.part]]\nkind = \"flags\"\nstart = 3\ntake = [1]\n"
            ))
        }),
        ("graph", w) if w.starts_with("vertices") => {
            pair(&|v| one(ruleset("graph", &format!("vertices = \"numbers 1..{v}\""))))
        }
        ("flags", w) if w.starts_with("`item`") => pair(&|len| {
            let word = "s".repeat(len as usize);
            one(flags(&format!(
                "start = 21\ntake = [1, 2, 3]\nlose_at = 1\nitem = \"{word}\""
            )))
        }),
        ("graph", w) if w.starts_with("`place`") => pair(&|len| {
            let word = "c".repeat(len as usize);
            one(ruleset(
                "graph",
                &format!("vertices = [\"a\", \"b\"]\nedges = [[\"a\", \"b\"]]\npiece = \"{word}\""),
            ))
        }),
        ("graph", w) if w.starts_with("board width") => {
            pair(&|w| one(ruleset("graph", &format!("vertices = \"knight {w}x2\""))))
        }
        ("nim", "a pile") => pair(&|p| one(nim(&format!("piles = [{p}, 3]")))),
        ("nim", "`take`: sizes") => pair(&|k| {
            one(nim(&format!(
                "piles = [1000000000000000000, 5]\ntake = [{}]",
                numbers(1, k)
            )))
        }),
        ("nim", "`take`: each size") => {
            pair(&|k| one(nim(&format!("piles = [20000, 5]\ntake = [{k}]"))))
        }
        ("nim", w) if w.starts_with("misère") => {
            // 1000 × 1000 states, and 101 × 9901 = 1000001.
            assert_eq!(n, 1_000_000, "the generator knows this limit only");
            (
                one(nim("piles = [999, 999]\ntake = [1, 2]\nmisere = true")),
                one(nim("piles = [100, 9900]\ntake = [1, 2]\nmisere = true")),
            )
        }
        ("divisors", "`max`") => pair(&|m| {
            one(ruleset(
                "divisors",
                &format!("min = {}\nmax = {m}", m.saturating_sub(9_999).max(1)),
            ))
        }),
        ("divisors", w) if w.starts_with("numbers on the board") => {
            pair(&|count| one(ruleset("divisors", &format!("min = 1\nmax = {count}"))))
        }
        ("mnk", "`width`") => {
            pair(&|w| one(ruleset("mnk", &format!("width = {w}\nheight = 2\nk = 4"))))
        }
        ("mnk", w) if w.starts_with("cells") => {
            assert_eq!(n, 400, "the generator knows this limit only");
            (
                one(ruleset("mnk", "width = 20\nheight = 20\nk = 5")),
                one(ruleset("mnk", "width = 26\nheight = 16\nk = 5")),
            )
        }
        ("mnk", w) if w.starts_with("with gravity") => {
            assert_eq!(n, 64, "the generator knows this limit only");
            (
                one(ruleset(
                    "mnk",
                    "width = 8\nheight = 7\nk = 4\ngravity = true",
                )),
                one(ruleset(
                    "mnk",
                    "width = 13\nheight = 4\nk = 4\ngravity = true",
                )),
            )
        }
        ("coins", "`values`") => pair(&|c| {
            let values: Vec<String> = (0..c).map(|i| (i * 7 % 100).to_string()).collect();
            one(ruleset(
                "coins",
                &format!("values = [{}]", values.join(", ")),
            ))
        }),
        ("coins", "a coin") => pair(&|v| one(ruleset("coins", &format!("values = [{v}, 1, 2]")))),
        ("words", "`rounds`") => pair(&|r| {
            one(ruleset(
                "words",
                &format!("words = [\"ab\", \"ac\", \"b\"]\nrounds = {r}"),
            ))
        }),
        ("words", "words in a list") => pair(&|count| {
            let mut list = Vec::new();
            for _ in 0..count {
                list.extend_from_slice(b"ab\n");
            }
            with_list(&ruleset("words", "dictionary = \"list.txt\""), list)
        }),
        ("words", "letters in a word") => pair(&|len| {
            one(ruleset(
                "words",
                &format!("words = [\"{}\", \"b\"]", "a".repeat(len as usize)),
            ))
        }),
        ("words", w) if w.starts_with("letters in a list") => pair(&|letters| {
            // Distinct words of 100 letters, and one shorter to make up the
            // count exactly.
            let full = letters / 100;
            let mut list = Vec::new();
            for i in 0..full {
                list.extend_from_slice(&nth_word(i, 4));
                list.extend(std::iter::repeat_n(b'z', 96));
                list.push(b'\n');
            }
            let rest = letters % 100;
            if rest > 0 {
                list.extend(std::iter::repeat_n(b'y', rest as usize));
                list.push(b'\n');
            }
            with_list(&ruleset("words", "dictionary = \"list.txt\""), list)
        }),
        ("words", "a word list file") => pair(&|size| {
            let mut list = b"# a long comment\nab\nac\nb\n#".to_vec();
            list.resize(size as usize - 1, b'x');
            list.push(b'\n');
            with_list(&ruleset("words", "dictionary = \"list.txt\""), list)
        }),
        other => panic!("no generator for the README's limit {other:?}: write one here"),
    }
}

/// Lays out `files` in a fresh folder of its own.
fn lay_out(root: &Path, name: &str, files: &Files) -> PathBuf {
    let dir = root.join(name);
    std::fs::create_dir_all(&dir).expect("a folder");
    for (file, bytes) in files {
        std::fs::write(dir.join(file), bytes).expect("a file");
    }
    dir
}

/// Runs `jobs` on two threads (the CI machine has two cores).
fn on_two_cores<'a>(jobs: Vec<Box<dyn FnOnce() + Send + 'a>>) {
    let queue = Mutex::new(jobs);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let job = queue
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .pop();
                    match job {
                        Some(job) => job(),
                        None => break,
                    }
                }
            });
        }
    });
}

#[test]
fn every_limit_of_the_readme_is_held() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let rows = readme_limits();
    assert!(rows.len() >= 20, "{rows:?}");
    let worst = Mutex::new((Duration::ZERO, String::new()));
    let mut jobs: Vec<Box<dyn FnOnce() + Send + '_>> = Vec::new();
    for (i, (family, what, n)) in rows.into_iter().enumerate() {
        let (at, past) = at_and_past(&family, &what, n);
        let at_dir = lay_out(root.path(), &format!("{i}-at"), &at);
        let past_dir = lay_out(root.path(), &format!("{i}-past"), &past);
        let worst = &worst;
        let job = move || {
            // Just past the limit: refused, naming it.
            let ran = run(&past_dir, &["check", "r.toml"], "");
            let what = format!("{family} {what} past {n}");
            assert_ended_well(&ran, &what);
            assert_eq!(ran.code, Some(1), "{what} was accepted");
            assert!(ran.stderr.contains("r.toml"), "{what}: {}", ran.stderr);
            // At the limit: every command works.
            every_command(&at_dir, "r.toml", true, worst);
        };
        jobs.push(Box::new(job));
    }
    on_two_cores(jobs);
    let (took, what) = worst
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    eprintln!(
        "slowest command at a limit: {what}, {took:?}; the most memory any command of this test run held: {} MiB",
        largest_child_kib() / 1024
    );
}

/// Hostile text and hostile files: each is refused with an error naming
/// the file, and nothing reaches the terminal raw.
#[test]
fn hostile_rulesets_are_refused_cleanly() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let base = "kind = \"flags\"\n[flags]\nstart = 21\ntake = [1, 2, 3]\nlose_at = 1\n";
    let mut many = format!("name = \"x\"\n{base}");
    let mut i = 0;
    while many.len() < 60_000 {
        let _ = writeln!(many, "k{i} = 1");
        i += 1;
    }
    let cases: Vec<(&str, Files)> = vec![
        (
            "escape-in-name",
            one(format!(
                "name = \"a\\u001b]0;pwned\\u0007\\u001b[2J\"\n{base}"
            )),
        ),
        (
            "bidi-in-description",
            one(format!(
                "name = \"x\"\ndescription = \"\\u202e evil\"\n{base}"
            )),
        ),
        (
            "escape-in-key",
            one(format!("name = \"x\"\n\"\\u001b[2J\" = 1\n{base}")),
        ),
        ("nul-bytes", one(format!("name = \"x\0\"\n{base}"))),
        (
            "huge-number",
            one(
                "name = \"x\"\nkind = \"flags\"\n[flags]\nstart = 99999999999999999999999999\ntake = [1]\nlose_at = 1\n"
                    .to_string(),
            ),
        ),
        (
            "deep-nesting",
            one(format!(
                "name = \"x\"\n{base}z = {}{}\n",
                "[".repeat(20_000),
                "]".repeat(20_000)
            )),
        ),
        ("many-errors", one(many)),
        (
            "absolute-word-list",
            one(ruleset("words", "dictionary = \"/etc/passwd\"")),
        ),
        (
            "word-list-outside",
            one(ruleset("words", "dictionary = \"../r.toml\"")),
        ),
        (
            "word-list-with-secrets",
            with_list(
                &ruleset("words", "dictionary = \"list.txt\""),
                b"cat\nAPI_KEY=sk-0123456789abcdefghijklmnopqrstuvwxyz\n".to_vec(),
            ),
        ),
    ];
    let worst = Mutex::new((Duration::ZERO, String::new()));
    for (name, files) in &cases {
        let dir = lay_out(root.path(), name, files);
        every_command(&dir, "r.toml", false, &worst);
        let ran = run(&dir, &["check", "r.toml"], "");
        assert!(
            ran.stderr.contains("r.toml:") || ran.stderr.contains("r.toml: "),
            "{name}: {}",
            ran.stderr
        );
        assert!(
            !ran.stderr.contains("sk-0123456789abcdefghij"),
            "{name}: {}",
            ran.stderr
        );
        assert!(!ran.stderr.contains("root:"), "{name}: {}", ran.stderr);
    }
    let many = run(&root.path().join("many-errors"), &["check", "r.toml"], "");
    assert!(many.stderr.contains("more errors"), "{}", many.stderr);
    assert!(
        many.stderr.matches("error:").count() <= 51,
        "{}",
        many.stderr
    );
}

/// Word lists that are no regular files, or links out of the folder, are
/// refused before anything waits on them; so is a ruleset that is a FIFO.
#[test]
fn fifos_devices_and_links_are_refused_unread() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let dir = lay_out(
        root.path(),
        "files",
        &one(ruleset("words", "dictionary = \"list.txt\"")),
    );
    let fifo = |path: &Path| {
        let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).expect("a path");
        // SAFETY: a valid C string; mkfifo only makes the node.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    };
    let worst = Mutex::new((Duration::ZERO, String::new()));
    for (target, why) in [
        ("fifo", "named pipe"),
        ("/dev/zero", "outside the ruleset's folder"),
        ("/etc/passwd", "outside the ruleset's folder"),
    ] {
        let list = dir.join("list.txt");
        let _ = std::fs::remove_file(&list);
        if target == "fifo" {
            fifo(&list);
        } else {
            std::os::unix::fs::symlink(target, &list).expect("a link");
        }
        every_command(&dir, "r.toml", false, &worst);
        let ran = run(&dir, &["check", "r.toml"], "");
        assert!(ran.stderr.contains(why), "{target}: {}", ran.stderr);
    }
    // A ruleset that is itself a FIFO, or a device.
    fifo(&dir.join("pipe.toml"));
    for file in ["pipe.toml", "/dev/zero"] {
        let ran = run(&dir, &["check", file], "");
        assert_ended_well(&ran, file);
        assert_eq!(ran.code, Some(1));
        assert!(ran.stderr.contains("not a regular file"), "{}", ran.stderr);
    }
}

/// A path with control characters in it is shown, not obeyed.
#[test]
fn a_path_with_escapes_is_shown_made_visible() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let name = "\u{1b}]0;pwned\u{7}.toml";
    std::fs::write(
        root.path().join(name),
        "name = \"x\"\nkind = \"flags\"\n[flags]\nstart = 21\ntake = [1, 2, 3]\nlose_at = 1\n",
    )
    .expect("a file");
    let ran = run(root.path(), &["check", name], "");
    assert_ended_well(&ran, "check");
    assert!(ran.stdout.contains("\\u{1b}]0;pwned"), "{}", ran.stdout);
    let ran = run(root.path(), &["check", "\u{1b}[2Jmissing.toml"], "");
    assert_ended_well(&ran, "check of a missing file");
    assert_eq!(ran.code, Some(1));
}

/// The screen's first frames on every ruleset at a limit, through the
/// TUI's test backend: drawn at 80×24 while the computer thinks and after,
/// for both sides and on the analysis board, then at 160×50, without a
/// panic, and ending its work within the kill timer.
#[test]
fn the_screen_draws_every_ruleset_at_a_limit() {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use unbeatable::engine::{Level, Player};
    use unbeatable::tui::theme::THEME;
    use unbeatable::tui::{App, Start};

    let root = tempfile::tempdir().expect("a temporary folder");
    for (i, (family, what, n)) in readme_limits().into_iter().enumerate() {
        let (at, _) = at_and_past(&family, &what, n);
        let dir = lay_out(root.path(), &format!("{i}"), &at);
        let ruleset = unbeatable::rules::load_path(&dir.join("r.toml"))
            .unwrap_or_else(|e| panic!("{family} {what} at {n}: {e}"));
        for (human, analysis) in [
            (Player::First, false),
            (Player::Second, false),
            (Player::First, true),
        ] {
            let start = Start {
                ruleset: Some(("r".to_string(), ruleset.clone())),
                human: Some(human),
                level: Some(Level::Perfect),
                seed: Some(1),
                think: Some(Duration::from_millis(300)),
                pause: Some(Duration::ZERO),
                moves: None,
                review: false,
                analysis,
            };
            let mut app = App::new(Vec::new(), start, Some(dir.join("tally.json")), &THEME);
            let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
            let began = Instant::now();
            loop {
                app.tick();
                terminal
                    .draw(|f| f.render_widget(&app, f.area()))
                    .expect("a frame");
                if !app.thinking() {
                    break;
                }
                assert!(
                    began.elapsed() < KILL_AFTER,
                    "{family} {what} at {n}: the screen kept thinking"
                );
                std::thread::sleep(Duration::from_millis(20));
            }
            let shown = terminal.backend().to_string();
            let title = shown.lines().next().unwrap_or_default();
            if analysis {
                assert!(shown.contains("Analysis board"), "{family} {what}: {shown}");
                assert!(
                    title.contains("· analysis board"),
                    "{family} {what}: {title}"
                );
            } else {
                assert!(shown.contains("Moves"), "{family} {what}: {shown}");
                assert!(title.contains("· you"), "{family} {what}: {title}");
            }
            let mut large = Terminal::new(TestBackend::new(160, 50)).expect("a test terminal");
            large
                .draw(|f| f.render_widget(&app, f.area()))
                .expect("a large frame");
        }
    }
}

/// The valid fixtures (a quintillion flags, huge piles, 19×19, …) through
/// every command: none may hang.
#[test]
fn every_valid_fixture_works_in_every_command() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("the fixtures")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 10);
    let worst = Mutex::new((Duration::ZERO, String::new()));
    let jobs: Vec<Box<dyn FnOnce() + Send + '_>> = files
        .iter()
        .map(|file| {
            let (dir, worst) = (&dir, &worst);
            Box::new(move || every_command(dir, file, true, worst)) as Box<dyn FnOnce() + Send + '_>
        })
        .collect();
    on_two_cores(jobs);
}

/// Escape sequences typed into plain play come back made visible, and
/// change nothing.
#[test]
fn typed_escapes_are_shown_not_obeyed() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let ran = run(
        root.path(),
        &["play", "21-flags", "--plain"],
        "\u{1b}]0;pwned\u{7}\n\u{1b}[2J\nquit\n",
    );
    assert_ended_well(&ran, "plain play");
    assert!(ran.stdout.contains("error: "), "{}", ran.stdout);
    assert!(ran.stdout.contains("\\u{1b}"), "{}", ran.stdout);
}

/// A word list may start with a byte-order mark, as a TOML file may.
#[test]
fn a_word_list_with_a_byte_order_mark_is_read() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let dir = lay_out(
        root.path(),
        "bom",
        &with_list(
            &ruleset("words", "dictionary = \"list.txt\""),
            b"\xEF\xBB\xBFcat\ncar\ndog\n".to_vec(),
        ),
    );
    let ran = run(&dir, &["check", "r.toml"], "");
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
}

/// `book` asks for --depth rather than building depth 3 silently, and
/// takes no more threads than the machine has cores.
#[test]
fn book_asks_for_depth_and_bounds_its_threads() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let ran = run(root.path(), &["book", "tic-tac-toe", "--out", "t.book"], "");
    assert_eq!(ran.code, Some(2));
    assert!(ran.stderr.contains("--depth"), "{}", ran.stderr);
    let ran = run(
        root.path(),
        &[
            "book",
            "tic-tac-toe",
            "--depth",
            "2",
            "--threads",
            "100000",
            "--out",
            "t.book",
        ],
        "",
    );
    assert_eq!(ran.code, Some(2));
    assert!(
        ran.stderr.contains("cores of this machine"),
        "{}",
        ran.stderr
    );
}
