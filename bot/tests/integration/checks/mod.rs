//! Checks of the repository itself: the book's links and reference pages against the code,
//! the module layering, the plural forms of the bot's texts.

mod book_links;
mod console_state;
mod ftl_plurals;
mod module_cycles;
mod platform_formats;
mod reference;
