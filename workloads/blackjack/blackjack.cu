// Monte-Carlo blackjack (the LWM paper's own benchmark): every thread plays `hands` hands
// against the dealer with its own xorshift32 stream, an infinite shoe (each card drawn
// uniformly from the 13 ranks) and a fixed basic strategy: double on a hard 10 or 11 against
// a dealer's 2 to 9, hit a soft hand below 18 (and a soft 18 against 9, 10 or ace), hit a hard
// 12 against 2, 3 or 7 and up, a hard 13 to 16 against 7 and up, anything below 12; the dealer
// draws to 17 and stands on a soft 17. Winnings are counted in half bets (a natural pays 3).
//
// The branches are the game's: how many cards each side draws, whether the player doubles,
// busts or holds a natural all depend on the thread's own cards, so a warp's threads take
// different paths and leave their draw loops after different trip counts.

__device__ unsigned next_random(unsigned& state) {
  state ^= state << 13;
  state ^= state >> 17;
  state ^= state << 5;
  return state;
}

// 1 for an ace, 2..10 by face value (ten, jack, queen, king all 10).
__device__ int draw(unsigned& state, unsigned& cards) {
  ++cards;
  const int rank = static_cast<int>(next_random(state) % 13u) + 1;
  return rank > 10 ? 10 : rank;
}

// Best total of a hand whose aces all count 1 in `hard`: one ace counts 11 when that fits.
__device__ int best_total(int hard, bool ace) {
  return ace && hard <= 11 ? hard + 10 : hard;
}

__device__ bool player_hits(int hard, bool ace, int up) {
  if (ace && hard <= 11) {  // soft hand
    const int soft = hard + 10;
    return soft <= 17 || (soft == 18 && (up >= 9 || up == 1));
  }
  if (hard <= 11) return true;
  if (hard == 12) return up <= 3 || up >= 7;  // an ace (1) is below 3
  if (hard <= 16) return up >= 7 || up == 1;
  return false;
}

extern "C" __global__ void blackjack(const unsigned* seeds, int hands, int nplayers, int* net,
                                     unsigned* cards_drawn, unsigned* naturals) {
  const int player = blockIdx.x * blockDim.x + threadIdx.x;
  if (player >= nplayers) return;
  unsigned state = seeds[player];
  unsigned cards = 0, natural_count = 0;
  int winnings = 0;
  for (int h = 0; h < hands; ++h) {
    const int p1 = draw(state, cards), p2 = draw(state, cards);
    const int up = draw(state, cards), hole = draw(state, cards);
    int hard = p1 + p2;
    bool ace = p1 == 1 || p2 == 1;
    int dealer_hard = up + hole;
    bool dealer_ace = up == 1 || hole == 1;
    const bool player_natural = best_total(hard, ace) == 21;
    const bool dealer_natural = best_total(dealer_hard, dealer_ace) == 21;
    if (player_natural || dealer_natural) {
      if (player_natural && !dealer_natural) {
        winnings += 3;
        ++natural_count;
      } else if (dealer_natural && !player_natural) {
        winnings -= 2;
      }
      continue;
    }
    int bet = 2;
    if (!ace && (hard == 10 || hard == 11) && up >= 2 && up <= 9) {
      bet = 4;
      const int c = draw(state, cards);
      hard += c;
      ace = ace || c == 1;
    } else {
      while (player_hits(hard, ace, up)) {
        const int c = draw(state, cards);
        hard += c;
        ace = ace || c == 1;
      }
    }
    const int total = best_total(hard, ace);
    if (total > 21) {
      winnings -= bet;
      continue;
    }
    while (best_total(dealer_hard, dealer_ace) < 17) {
      const int c = draw(state, cards);
      dealer_hard += c;
      dealer_ace = dealer_ace || c == 1;
    }
    const int dealer_total = best_total(dealer_hard, dealer_ace);
    if (dealer_total > 21 || total > dealer_total)
      winnings += bet;
    else if (total < dealer_total)
      winnings -= bet;
  }
  net[player] = winnings;
  cards_drawn[player] = cards;
  naturals[player] = natural_count;
}
