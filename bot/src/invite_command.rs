//! `vliv invite <APPLICATION_ID>`: the address that invites the bot to a server, with the
//! scopes and exactly the permissions it uses (`vliv_discord::permissions::INVITE`).

use std::process::ExitCode;

use clap::Args;

#[derive(Args, Debug)]
pub struct InviteArgs {
    /// The application's id (the Developer Portal's General Information page).
    pub application_id: u64,
}

pub fn main(args: InviteArgs) -> ExitCode {
    println!(
        "{}",
        vliv_discord::permissions::invite_url(args.application_id)
    );
    ExitCode::SUCCESS
}
