//! The closing check of an end-to-end run through the loopback Discord: the fake accepted
//! every request the bot sent (a deleted ping's 404 aside) and every interaction was
//! answered in time.

use fakecord::Fake;

pub fn assert_all_accepted_and_answered(fake: &Fake) {
    let refused: Vec<String> = fake
        .requests()
        .iter()
        .filter(|r| r.status >= 400 && !(r.method == "DELETE" && r.status == 404))
        .map(|r| {
            format!(
                "{} {} -> {} {} {}",
                r.method, r.path, r.status, r.response, r.body
            )
        })
        .collect();
    assert_eq!(refused, Vec::<String>::new());
    let late: Vec<u64> = fake
        .world()
        .interactions
        .values()
        .filter(|i| i.expired || i.first_response.is_none())
        .map(|i| i.id)
        .collect();
    assert!(
        late.is_empty(),
        "interactions never answered in time: {late:?}"
    );
}
