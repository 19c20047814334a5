//! Pictures sent as attachments: uploaded as they are into a plain room, encrypted (the
//! key inside the encrypted event) into an encrypted one.

use std::io::Read as _;

use matrix_sdk_crypto::AttachmentEncryptor;
use ruma::{
    api::client::media::create_content,
    events::room::{
        message::{ImageMessageEventContent, MessageType, RoomMessageEventContent},
        EncryptedFile, ImageInfo,
    },
    OwnedMxcUri, UInt,
};

use super::{room_id, Client, MatrixError, MatrixResult};

impl Client {
    /// Uploads bytes to the media repository; returns their `mxc://` URI.
    async fn upload(
        &self,
        filename: &str,
        mime: &str,
        bytes: Vec<u8>,
    ) -> MatrixResult<OwnedMxcUri> {
        let mut request = create_content::v3::Request::new(bytes);
        request.filename = Some(filename.into());
        request.content_type = Some(mime.into());
        Ok(self.call("upload", request).await?.content_uri)
    }

    /// Sends a PNG picture (`m.image`) with its plain-text name. In an encrypted room the
    /// file is uploaded encrypted (AES-CTR, its key inside the encrypted event), as clients
    /// send attachments there.
    pub async fn send_png(
        &self,
        room: &str,
        txn: &str,
        filename: &str,
        png: Vec<u8>,
    ) -> MatrixResult<String> {
        let encrypted = match &self.encryption {
            Some(encryption) => encryption.is_encrypted(self, &room_id(room)?).await?,
            None => false,
        };
        let mut info = ImageInfo::new();
        info.mimetype = Some("image/png".into());
        info.size = UInt::new(png.len() as u64);
        let image = match encrypted {
            true => {
                let mut clear = std::io::Cursor::new(png);
                let mut encryptor = AttachmentEncryptor::new(&mut clear);
                let mut sealed = Vec::new();
                encryptor
                    .read_to_end(&mut sealed)
                    .map_err(|e| MatrixError::Encryption(e.to_string()))?;
                let keys = encryptor.finish();
                let mxc = self
                    .upload(filename, "application/octet-stream", sealed)
                    .await?;
                let file = EncryptedFile::new(mxc, keys.encryption_info, keys.hashes);
                ImageMessageEventContent::encrypted(filename.into(), file)
            }
            false => {
                let mxc = self.upload(filename, "image/png", png).await?;
                ImageMessageEventContent::plain(filename.into(), mxc)
            }
        };
        let content =
            RoomMessageEventContent::new(MessageType::Image(image.info(Some(Box::new(info)))));
        self.send_content(room, txn, content).await
    }
}
