//! `vliv render` from the command line: a PNG of the table, the same for the same arguments.

use crate::cli;

use cli::vliv_full;

fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn render_writes_the_same_table_picture_for_the_same_arguments() {
    let dir = tempfile::tempdir().unwrap();
    let out = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let args = |file: &str, viewer: &str| {
        vec![
            "render".to_owned(),
            "louis-xiv".into(),
            "--seed".into(),
            "7".into(),
            "--moves".into(),
            "25".into(),
            "--seats".into(),
            "3".into(),
            "--viewer".into(),
            viewer.into(),
            "--lang".into(),
            "cs".into(),
            "-o".into(),
            out(file),
        ]
    };
    let run = |a: Vec<String>| {
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        vliv_full(&a)
    };
    let (ok, stdout, stderr) = run(args("a.png", "spectator"));
    assert!(ok, "{stderr}");
    assert!(stdout.contains("bytes"), "{stdout}");
    let (ok, _, stderr) = run(args("b.png", "spectator"));
    assert!(ok, "{stderr}");
    let (ok, _, stderr) = run(args("seat.png", "2"));
    assert!(ok, "{stderr}");
    let a = std::fs::read(out("a.png")).unwrap();
    let b = std::fs::read(out("b.png")).unwrap();
    let seat = std::fs::read(out("seat.png")).unwrap();
    assert_eq!(a, b, "the same seed and moves draw the same picture");
    let (w, h) = png_size(&a);
    assert_eq!(w, 900);
    assert!(h > 200);
    let (_, seat_h) = png_size(&seat);
    assert!(seat_h > h, "a seat's picture adds its hand below the table");
}

#[test]
fn render_refuses_an_unknown_game_and_a_seat_not_at_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("x.png").to_string_lossy().into_owned();
    let (ok, _, stderr) = vliv_full(&["render", "chess", "-o", &file]);
    assert!(!ok);
    assert!(
        stderr.contains("unknown game `chess`") && stderr.contains("claim"),
        "{stderr}"
    );
    let (ok, _, stderr) = vliv_full(&["render", "claim", "--viewer", "3", "-o", &file]);
    assert!(!ok);
    assert!(stderr.contains("seat 3"), "{stderr}");
    let (ok, _, _) = vliv_full(&["render", "claim", "--viewer", "0", "-o", &file]);
    assert!(!ok, "seats count from 1");
    assert!(!std::path::Path::new(&file).exists());
}
