//! The web table: a game's table, the reader's hand and choices and the log as a page in
//! the browser, kept live over server-sent events. Like the chat front ends it only parses,
//! calls the application layer and renders: a click becomes the same
//! [`Request::Click`](vliv_service::app::Request::Click) whoever makes it, and the page is
//! built from the views the application layer builds for its one reader.
//!
//! A reader comes with a signed link ([`vliv_service::service::Link`]); what a page shows depends only on the
//! [`Reader`] it makes, so other ways in (a Discord Activity, a Matrix widget) can make one
//! too. A finished game's replay, review and leaderboard are pages of the same link.

mod activity;
mod assets;
mod config;
mod embedded;
mod html;
mod live;
mod moves;
mod page;
mod page_scene;
mod reader;
mod records;
mod records_page;
mod reviews;
mod routes;
mod scene;
mod secret;
mod streams;
pub mod view;
mod widget;

use std::sync::Arc;

use vliv_service::{dispatch::Dispatcher, service::Service};

pub use activity::ActivityLogin;
pub use config::WebConfig;
pub use reader::Reader;
pub use secret::web_links;
pub use streams::Caps;
pub use widget::WidgetLogin;

use streams::Streams;

/// What every request of the web table shares.
pub struct Web {
    /// Made with the links' key ([`Service::with_web_links`]): without it no link opens.
    service: Arc<Service>,
    /// Carries out what a web move changes in its game's chat place (none in a test).
    dispatcher: Option<Arc<Dispatcher>>,
    /// The live pages open, capped.
    streams: Streams,
    /// The Discord application whose Activity opens tables (none: no Activity).
    activity: Option<ActivityLogin>,
    /// The Matrix homeserver whose users the room widget lets in (none: no widget).
    widget: Option<WidgetLogin>,
    /// Asks Discord who an Activity's player is, a homeserver whose a widget's token is.
    http: reqwest::Client,
    /// Reviews being prepared, and the last ones ready.
    reviews: reviews::Reviews,
}

impl Web {
    pub fn new(service: Arc<Service>) -> Web {
        Web {
            service,
            dispatcher: None,
            streams: Streams::new(WebConfig::default().caps()),
            activity: None,
            widget: None,
            http: reqwest::Client::new(),
            reviews: reviews::Reviews::default(),
        }
    }

    /// The table opens as `login`'s Discord Activity.
    pub fn with_activity(mut self, login: ActivityLogin) -> Web {
        self.activity = Some(login);
        self
    }

    /// The table opens as a Matrix room widget for `login`'s users.
    pub fn with_widget(mut self, login: WidgetLogin) -> Web {
        self.widget = Some(login);
        self
    }

    /// At most `caps` live pages open at once.
    pub fn with_caps(mut self, caps: Caps) -> Web {
        self.streams = Streams::new(caps);
        self
    }

    /// How many live pages are open now.
    pub fn live_pages(&self) -> usize {
        self.streams.count()
    }

    /// Moves made on the web are published in their game's chat place by `dispatcher`'s
    /// front ends.
    pub fn with_dispatcher(mut self, dispatcher: Arc<Dispatcher>) -> Web {
        self.dispatcher = Some(dispatcher);
        self
    }

    pub fn router(self: Arc<Self>) -> axum::Router {
        routes::router(self)
    }
}

/// Serves the web table on `listener` until the process stops.
pub async fn serve(web: Arc<Web>, listener: tokio::net::TcpListener) -> std::io::Result<()> {
    tracing::info!(address = %listener.local_addr()?, "web table listening");
    axum::serve(listener, web.router()).await
}
