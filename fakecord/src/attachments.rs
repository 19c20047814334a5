//! Message bodies with files, as Discord takes them: `multipart/form-data` with the JSON
//! body in `payload_json` and each file in a part `files[n]`. The body's `attachments` list
//! names the new files by `id` = n (and, in an edit, the existing attachments to keep); an
//! embed shows one with `attachment://<filename>`.
//!
//! Limits: at most [`MAX_FILES`] files and [`MAX_UPLOAD_BYTES`] in one request (413 / 40005
//! past that, Discord's "Request entity too large"); an `attachments` entry whose file was
//! not sent, and an embed that references a file the message will not carry, are a 400 /
//! 50035 naming the field (`ATTACHMENT_NOT_FOUND`), so a bot that forgets the file fails
//! here as it would in Discord rather than showing a broken image.

use std::sync::Arc;

use serde_json::{json, Value};

/// Discord's attachment limits for a bot without boosts: 10 files, 10 MiB per request.
pub const MAX_FILES: usize = 10;
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;
pub const CODE_TOO_LARGE: u64 = 40005;

/// One file part of a request.
#[derive(Clone, Debug, PartialEq)]
pub struct Upload {
    /// The index n of its `files[n]` part.
    pub index: u64,
    pub filename: String,
    pub content_type: String,
    pub bytes: Arc<Vec<u8>>,
}

/// A file a message carries.
#[derive(Clone, Debug, PartialEq)]
pub struct Attachment {
    pub id: u64,
    pub filename: String,
    pub content_type: String,
    pub bytes: Arc<Vec<u8>>,
}

impl Attachment {
    /// The attachment object of a message (the fields serenity's model requires).
    pub fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "filename": self.filename,
            "size": self.bytes.len(),
            "url": format!("https://cdn.fakecord.invalid/attachments/{}/{}", self.id, self.filename),
            "proxy_url": format!("https://media.fakecord.invalid/attachments/{}/{}", self.id, self.filename),
            "content_type": self.content_type,
        })
    }
}

/// Why a multipart body was refused before it reached the world.
#[derive(Debug, PartialEq)]
pub enum Refused {
    Malformed(String),
    TooLarge,
}

/// The JSON body and the files of a `multipart/form-data` request.
pub fn parse_multipart(content_type: &str, body: &[u8]) -> Result<(Value, Vec<Upload>), Refused> {
    let boundary = content_type
        .split(';')
        .map(str::trim)
        .find_map(|p| p.strip_prefix("boundary="))
        .map(|b| b.trim_matches('"'))
        .ok_or_else(|| Refused::Malformed("no boundary".into()))?;
    let delimiter = format!("--{boundary}");
    let mut payload = Value::Null;
    let mut uploads = Vec::new();
    let mut total = 0;
    for part in split(body, delimiter.as_bytes()) {
        let Some(head_end) = find(part, b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..head_end]);
        let content = &part[head_end + 4..];
        let content = content.strip_suffix(b"\r\n").unwrap_or(content);
        let disposition = header(&head, "content-disposition").unwrap_or_default();
        let name = param(&disposition, "name").unwrap_or_default();
        if name == "payload_json" {
            payload = serde_json::from_slice(content)
                .map_err(|e| Refused::Malformed(format!("payload_json: {e}")))?;
        } else if let Some(index) = name
            .strip_prefix("files[")
            .and_then(|r| r.strip_suffix(']'))
            .and_then(|n| n.parse().ok())
        {
            total += content.len();
            uploads.push(Upload {
                index,
                filename: param(&disposition, "filename").unwrap_or_default(),
                content_type: header(&head, "content-type")
                    .unwrap_or_else(|| "application/octet-stream".into()),
                bytes: Arc::new(content.to_vec()),
            });
        }
    }
    if uploads.len() > MAX_FILES || total > MAX_UPLOAD_BYTES {
        return Err(Refused::TooLarge);
    }
    Ok((payload, uploads))
}

/// The parts between delimiters (the preamble and the closing `--` dropped).
fn split<'a>(body: &'a [u8], delimiter: &[u8]) -> Vec<&'a [u8]> {
    let mut parts = Vec::new();
    let mut rest = body;
    while let Some(at) = find(rest, delimiter) {
        rest = &rest[at + delimiter.len()..];
        if rest.starts_with(b"--") {
            break;
        }
        let rest_trimmed = rest.strip_prefix(b"\r\n").unwrap_or(rest);
        let end = find(rest_trimmed, delimiter).unwrap_or(rest_trimmed.len());
        parts.push(&rest_trimmed[..end]);
        rest = &rest_trimmed[end..];
    }
    parts
}

/// Where `needle` first occurs in `hay`. A comparison at every byte of a picture's upload was
/// 7 % of the loopback bench's harness CPU (issue 22); `memmem` skips ahead.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(hay, needle)
}

fn header(head: &str, name: &str) -> Option<String> {
    head.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.trim()
            .eq_ignore_ascii_case(name)
            .then(|| v.trim().to_owned())
    })
}

fn param(value: &str, name: &str) -> Option<String> {
    value.split(';').map(str::trim).find_map(|p| {
        let (k, v) = p.split_once('=')?;
        (k == name).then(|| v.trim_matches('"').to_owned())
    })
}

/// The attachments a message carries after `body` with `uploads`: in a new message the
/// files sent; in an edit (`existing` is the message's), without an `attachments` list the
/// old ones plus any sent, with one exactly those listed (kept by id, new by file index).
/// `Err` is the 50035 `errors` tree: a listed file not sent, an embed's `attachment://`
/// name the message will not carry.
pub fn resolve(
    body: &Value,
    uploads: &[Upload],
    existing: &[Attachment],
    mut new_id: impl FnMut() -> u64,
) -> Result<Vec<Attachment>, Value> {
    let mut errors = serde_json::Map::new();
    let fresh = |u: &Upload, id: u64| Attachment {
        id,
        filename: u.filename.clone(),
        content_type: u.content_type.clone(),
        bytes: u.bytes.clone(),
    };
    let carried: Vec<Attachment> = match body.get("attachments").and_then(Value::as_array) {
        None => existing
            .iter()
            .cloned()
            .chain(uploads.iter().map(|u| fresh(u, new_id())))
            .collect(),
        Some(list) => {
            let mut out = Vec::new();
            for (i, entry) in list.iter().enumerate() {
                let id = entry["id"]
                    .as_u64()
                    .or_else(|| entry["id"].as_str().and_then(|s| s.parse().ok()));
                let found = id.and_then(|id| {
                    existing.iter().find(|a| a.id == id).cloned().or_else(|| {
                        uploads
                            .iter()
                            .find(|u| u.index == id)
                            .map(|u| fresh(u, new_id()))
                    })
                });
                match found {
                    Some(a) => out.push(a),
                    None => {
                        errors.insert(i.to_string(), not_found());
                    }
                }
            }
            out
        }
    };
    let mut tree = serde_json::Map::new();
    if !errors.is_empty() {
        tree.insert("attachments".into(), Value::Object(errors));
    }
    let mut embed_errors = serde_json::Map::new();
    for (i, embed) in body["embeds"].as_array().into_iter().flatten().enumerate() {
        let mut fields = serde_json::Map::new();
        for (field, pointer) in [
            ("image", "/image/url"),
            ("thumbnail", "/thumbnail/url"),
            ("author", "/author/icon_url"),
            ("footer", "/footer/icon_url"),
        ] {
            let Some(name) = embed
                .pointer(pointer)
                .and_then(Value::as_str)
                .and_then(|u| u.strip_prefix("attachment://"))
            else {
                continue;
            };
            if !carried.iter().any(|a| a.filename == name) {
                let key = pointer.rsplit('/').next().unwrap_or("url");
                fields.insert(field.into(), json!({ key: not_found() }));
            }
        }
        if !fields.is_empty() {
            embed_errors.insert(i.to_string(), Value::Object(fields));
        }
    }
    if !embed_errors.is_empty() {
        tree.insert("embeds".into(), Value::Object(embed_errors));
    }
    // A Components V2 message shows its files through a media gallery, a thumbnail or a
    // file component, each naming one by `attachment://` (Discord's "Uploading a File").
    if let Some(components) = body.get("components") {
        for (path, name) in crate::validate::attachment_refs(components) {
            if !carried.iter().any(|a| a.filename == name) {
                insert_at(&mut tree, &path, not_found());
            }
        }
    }
    if tree.is_empty() {
        Ok(carried)
    } else {
        Err(Value::Object(tree))
    }
}

/// `leaf` at `path` in an `errors` tree, the objects on the way made as needed.
fn insert_at(tree: &mut serde_json::Map<String, Value>, path: &[String], leaf: Value) {
    let Some((last, inner)) = path.split_last() else {
        return;
    };
    let mut node = tree;
    for part in inner {
        let next = node.entry(part.clone()).or_insert_with(|| json!({}));
        if !next.is_object() {
            *next = json!({});
        }
        node = next.as_object_mut().expect("made an object above");
    }
    node.insert(last.clone(), leaf);
}

fn not_found() -> Value {
    json!({ "_errors": [{ "code": "ATTACHMENT_NOT_FOUND", "message": "Attachment data not found" }] })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CT: &str = "multipart/form-data; boundary=XyZ";

    fn form(payload: &str, files: &[(u64, &str, &[u8])]) -> Vec<u8> {
        let mut b = Vec::new();
        for (i, name, bytes) in files {
            b.extend_from_slice(
                format!("--XyZ\r\nContent-Disposition: form-data; name=\"files[{i}]\"; filename=\"{name}\"\r\nContent-Type: image/png\r\n\r\n").as_bytes(),
            );
            b.extend_from_slice(bytes);
            b.extend_from_slice(b"\r\n");
        }
        b.extend_from_slice(
            format!("--XyZ\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{payload}\r\n--XyZ--\r\n").as_bytes(),
        );
        b
    }

    fn ids() -> impl FnMut() -> u64 {
        let mut n = 100;
        move || {
            n += 1;
            n
        }
    }

    #[test]
    fn payload_json_and_files_are_read_from_a_form() {
        let png: &[u8] = b"\x89PNG\r\n\x1a\n\r\n--not-a-boundary";
        let body = form(r#"{"content":"hi"}"#, &[(0, "table.png", png)]);
        let (payload, files) = parse_multipart(CT, &body).unwrap();
        assert_eq!(payload["content"], "hi");
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].index, 0);
        assert_eq!(files[0].filename, "table.png");
        assert_eq!(files[0].content_type, "image/png");
        assert_eq!(
            files[0].bytes.as_slice(),
            png,
            "bytes kept exactly, CRLF inside too"
        );
    }

    #[test]
    fn eleven_files_or_more_than_ten_mebibytes_are_too_large() {
        let files: Vec<(u64, &str, &[u8])> = (0..11).map(|i| (i, "a.png", &b"x"[..])).collect();
        assert_eq!(
            parse_multipart(CT, &form("{}", &files)),
            Err(Refused::TooLarge)
        );
        let big = vec![0u8; MAX_UPLOAD_BYTES + 1];
        assert_eq!(
            parse_multipart(CT, &form("{}", &[(0, "a.png", &big)])),
            Err(Refused::TooLarge)
        );
        assert!(matches!(
            parse_multipart("multipart/form-data", b""),
            Err(Refused::Malformed(_))
        ));
    }

    #[test]
    fn an_embed_may_show_only_a_file_the_message_carries() {
        let body = form(
            r#"{"embeds":[{"image":{"url":"attachment://table.png"}}],"attachments":[{"id":0,"filename":"table.png"}]}"#,
            &[(0, "table.png", b"png")],
        );
        let (payload, files) = parse_multipart(CT, &body).unwrap();
        let carried = resolve(&payload, &files, &[], ids()).unwrap();
        assert_eq!(carried.len(), 1);
        assert_eq!(carried[0].filename, "table.png");

        let missing =
            json!({ "embeds": [{ "title": "t", "image": { "url": "attachment://table.png" } }] });
        let errors = resolve(&missing, &[], &[], ids()).unwrap_err();
        assert_eq!(
            errors.pointer("/embeds/0/image/url/_errors/0/code"),
            Some(&json!("ATTACHMENT_NOT_FOUND"))
        );
        let unsent = json!({ "attachments": [{ "id": 0, "filename": "table.png" }] });
        let errors = resolve(&unsent, &[], &[], ids()).unwrap_err();
        assert!(errors.pointer("/attachments/0/_errors").is_some());
    }

    #[test]
    fn an_edit_keeps_old_files_unless_it_lists_the_ones_to_keep() {
        let old = Attachment {
            id: 7,
            filename: "table.png".into(),
            content_type: "image/png".into(),
            bytes: Arc::new(b"old".to_vec()),
        };
        let existing = [old.clone()];
        let kept = resolve(&json!({ "content": "x" }), &[], &existing, ids()).unwrap();
        assert_eq!(kept, vec![old.clone()]);
        let upload = Upload {
            index: 0,
            filename: "table.png".into(),
            content_type: "image/png".into(),
            bytes: Arc::new(b"new".to_vec()),
        };
        let replaced = resolve(
            &json!({ "attachments": [{ "id": 0, "filename": "table.png" }] }),
            &[upload],
            &existing,
            ids(),
        )
        .unwrap();
        assert_eq!(replaced.len(), 1);
        assert_eq!(replaced[0].bytes.as_slice(), b"new");
        assert_ne!(replaced[0].id, 7);
        let none = resolve(&json!({ "attachments": [] }), &[], &existing, ids()).unwrap();
        assert!(none.is_empty());
        // Keeping an old file by its id lets an embed still show it.
        let keep = json!({ "attachments": [{ "id": "7" }], "embeds": [{ "image": { "url": "attachment://table.png" } }] });
        assert_eq!(resolve(&keep, &[], &existing, ids()).unwrap(), vec![old]);
    }
}
