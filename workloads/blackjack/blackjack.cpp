// Host driver and CPU reference for blackjack.cu.
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::blackjack {
namespace {

constexpr unsigned kBlock = 256;
constexpr int kHands = 16;  // per player; enough for every path of a hand to occur in a warp

// The kernel's game, step for step (blackjack.cu explains the rules and strategy).
class Table {
 public:
  explicit Table(std::uint32_t seed) : state_(seed) {}

  void play(int hands) {
    for (int h = 0; h < hands; ++h) play_hand();
  }

  int net = 0;
  std::uint32_t cards = 0;
  std::uint32_t naturals = 0;

 private:
  int draw() {
    ++cards;
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    const int rank = static_cast<int>(state_ % 13u) + 1;
    return rank > 10 ? 10 : rank;
  }

  static int best_total(int hard, bool ace) { return ace && hard <= 11 ? hard + 10 : hard; }

  static bool player_hits(int hard, bool ace, int up) {
    if (ace && hard <= 11) {
      const int soft = hard + 10;
      return soft <= 17 || (soft == 18 && (up >= 9 || up == 1));
    }
    if (hard <= 11) return true;
    if (hard == 12) return up <= 3 || up >= 7;
    if (hard <= 16) return up >= 7 || up == 1;
    return false;
  }

  void play_hand() {
    const int p1 = draw(), p2 = draw(), up = draw(), hole = draw();
    int hard = p1 + p2, dealer_hard = up + hole;
    bool ace = p1 == 1 || p2 == 1, dealer_ace = up == 1 || hole == 1;
    const bool player_natural = best_total(hard, ace) == 21;
    const bool dealer_natural = best_total(dealer_hard, dealer_ace) == 21;
    if (player_natural || dealer_natural) {
      if (!dealer_natural) {
        net += 3;
        ++naturals;
      } else if (!player_natural) {
        net -= 2;
      }
      return;
    }
    int bet = 2;
    auto hit = [&](int& total, bool& has_ace) {
      const int c = draw();
      total += c;
      has_ace = has_ace || c == 1;
    };
    if (!ace && (hard == 10 || hard == 11) && up >= 2 && up <= 9) {
      bet = 4;
      hit(hard, ace);
    } else {
      while (player_hits(hard, ace, up)) hit(hard, ace);
    }
    const int total = best_total(hard, ace);
    if (total > 21) {
      net -= bet;
      return;
    }
    while (best_total(dealer_hard, dealer_ace) < 17) hit(dealer_hard, dealer_ace);
    const int dealer_total = best_total(dealer_hard, dealer_ace);
    if (dealer_total > 21 || total > dealer_total)
      net += bet;
    else if (total < dealer_total)
      net -= bet;
  }

  std::uint32_t state_;
};

RunResult run_blackjack(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size("blackjack", options, {.fallback = 15360, .min = 1, .max = 1 << 22});
  SplitMix64 rng(options.seed);
  std::vector<std::uint32_t> seeds(n);
  for (auto& s : seeds) s = static_cast<std::uint32_t>(rng.below(0xffffffffu)) + 1;  // never 0

  std::vector<int> expected_net(n);
  std::vector<std::uint32_t> expected_cards(n), expected_naturals(n);
  for (std::size_t p = 0; p < n; ++p) {
    Table t(seeds[p]);
    t.play(kHands);
    expected_net[p] = t.net;
    expected_cards[p] = t.cards;
    expected_naturals[p] = t.naturals;
  }

  Session session(runtime, "blackjack");
  gpu::DevPtr d_seeds = runtime.upload(seeds);
  gpu::DevPtr d_net = runtime.malloc(n * sizeof(int));
  gpu::DevPtr d_cards = runtime.malloc(n * sizeof(std::uint32_t));
  gpu::DevPtr d_naturals = runtime.malloc(n * sizeof(std::uint32_t));
  const auto ctas = static_cast<std::uint32_t>((n + kBlock - 1) / kBlock);
  session.launch("blackjack", {ctas}, {kBlock},
                 {arg(d_seeds), arg(kHands), arg(static_cast<int>(n)), arg(d_net), arg(d_cards),
                  arg(d_naturals)});
  const auto net = runtime.download<int>(d_net, n);
  const auto cards = runtime.download<std::uint32_t>(d_cards, n);
  const auto naturals = runtime.download<std::uint32_t>(d_naturals, n);
  for (auto p : {d_seeds, d_net, d_cards, d_naturals}) runtime.free(p);
  if (auto m = first_mismatch("cards drawn", expected_cards, cards)) return session.finish(m);
  if (auto m = first_mismatch("naturals", expected_naturals, naturals)) return session.finish(m);
  return session.finish(first_mismatch("net winnings", expected_net, net));
}

}  // namespace

WF_WORKLOAD("blackjack",
            "Monte-Carlo blackjack (LWM paper): a player per thread plays 16 hands with basic "
            "strategy; data-dependent draw loops and outcome branches, no barriers",
            "players (default 15360: 60 CTAs of 256 threads, 16 hands each)", run_blackjack, 500,
            {"lwm"});

}  // namespace wf::workloads::blackjack
