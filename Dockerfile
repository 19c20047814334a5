# Vliv: a minimal multi-stage image. The binary embeds its migrations and runs them at
# start. No Docker engine runs on the development machines: this file is untested there.
FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY . .
# --locked: the image builds exactly the dependency versions CI tested.
RUN cargo build --release --locked -p vliv-bot

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --create-home --home-dir /var/lib/vliv vliv
COPY --from=build /src/target/release/vliv /usr/local/bin/vliv
USER vliv
WORKDIR /var/lib/vliv
# The embedded default; compose.yaml points it at Postgres instead.
ENV VLIV_DATABASE_URL=sqlite:///var/lib/vliv/vliv.db
VOLUME /var/lib/vliv
ENTRYPOINT ["vliv"]
CMD ["run"]
