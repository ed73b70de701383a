// Inter-work-group synchronization primitives of the HeteroSync suite (Sinclair, Alsop and Adve,
// IISWC 2017), as the AWG paper (Dutu et al., ISCA 2020, Table 2) uses them for its busy-waiting
// baseline, and the kernel bodies of the sync_* workloads. Each workload's .cu includes this file
// and defines its kernel (one primitive, one scope) as a call of one body below; sync_driver.h is
// the host side. The layouts here and there must agree (kBlock, kSlotWords, the words of each
// primitive's instance).
//
// As in HeteroSync one thread per work-group (WG; a CTA), thread 0, takes a lock or waits at a
// barrier, with __syncthreads() around it so that the whole WG waits: threads of one warp
// spinning on a lock another of its threads holds could starve it under SIMT execution.
//
// Scope. A global primitive has one instance for all WGs; a local one has one per compute unit
// (CU). The CU is a logical one, cu = blockIdx.x % num_cus (num_cus a kernel parameter), never
// %smid: WGs will be context-switched out and resumed on other CUs, and must keep their
// instance.
//
// Waiting. Every place where a WG waits for a synchronization variable calls a Wait policy,
// wait(addr, value), after an attempt failed: "the attempt can succeed once *addr == value"
// (a hint; the caller re-checks). BusyWait retries at once, Backoff delays exponentially in
// software. The waiting-atomic form (the AWG paper's compare-and-wait, DESIGN.md section 5) will
// be a third policy issuing `atom.global.cmpwait.b32` by inline PTX (the executor already runs it
// as a read of the word that sets no condition; parking the WG on it is the AWG system's); a
// workload will get it as a second kernel of its .cu, the same body instantiated with that
// policy.
#pragma once

namespace sync_prims {

constexpr unsigned kBlock = 64;         // threads per WG
constexpr unsigned kSlotWords = 32;     // each synchronization variable on its own 128-byte line
constexpr unsigned kMinBackoff = 16;    // delay-loop iterations after the first failure
constexpr unsigned kMaxBackoff = 1024;  // the cap of the doubling
constexpr unsigned kSkewStep = 32;      // barrier workloads: delay-loop trips per skew unit
constexpr unsigned kCsDelay = 32;  // mutex workloads: delay-loop trips inside the critical section

__device__ __forceinline__ unsigned load(const unsigned* p) {
  return *static_cast<const volatile unsigned*>(p);
}

// ---- Wait policies ---------------------------------------------------------------------------

struct BusyWait {
  __device__ void operator()(const unsigned*, unsigned) {}
};

// A delay of about `iterations` trips of an empty loop.
__device__ __forceinline__ void delay(unsigned iterations) {
#pragma unroll 1
  for (unsigned i = 0; i < iterations; ++i) asm volatile("");
}

// Exponential backoff in software (HeteroSync's *EBO variants): a counted delay loop, since the
// PTX executor runs nanosleep as a no-op and the cycle model gives it no delay of its own.
struct Backoff {
  unsigned iterations = kMinBackoff;
  __device__ void operator()(const unsigned*, unsigned) {
    sync_prims::delay(iterations);
    iterations = iterations < kMaxBackoff ? 2 * iterations : kMaxBackoff;
  }
};

// Polls until *p == value.
template <class Wait>
__device__ void wait_until(const unsigned* p, unsigned value) {
  Wait wait;
  while (load(p) != value) wait(p, value);
}

// ---- Mutexes and the semaphore: one instance's words, acquire and release by thread 0 ----------
// Each is built on its instance's words and the most WGs that share an instance (`members`);
// words(members) is the instance's size, the stride between instances.

// Test-and-set spin mutex (SPM): one word, 0 = free.
struct SpinMutex {
  static __device__ unsigned words(unsigned /*members*/) { return kSlotWords; }
  unsigned* lock;
  __device__ SpinMutex(unsigned* inst, unsigned) : lock(inst) {}
  template <class Wait>
  __device__ void acquire() {
    Wait wait;
    while (atomicCAS(lock, 0u, 1u) != 0u) wait(lock, 0u);
    __threadfence();
  }
  __device__ void release() {
    __threadfence();
    atomicExch(lock, 0u);
  }
};

// Centralized ticket mutex (FAM): fetch-and-add on the next ticket, poll the ticket served.
struct TicketMutex {
  static __device__ unsigned words(unsigned) { return 2 * kSlotWords; }
  unsigned* next;
  unsigned* serving;
  unsigned mine = 0;
  __device__ TicketMutex(unsigned* inst, unsigned) : next(inst), serving(inst + kSlotWords) {}
  template <class Wait>
  __device__ void acquire() {
    mine = atomicAdd(next, 1u);
    wait_until<Wait>(serving, mine);
    __threadfence();
  }
  __device__ void release() {
    __threadfence();
    atomicExch(serving, mine + 1);
  }
};

// Decentralized ticket mutex (SLM, the AWG paper's Figure 10): a ticket picks a slot of a ring
// with one slot per WG that can contend (`members`), each on its own line; a WG polls its slot
// until it reads 1 (the host sets slot 0 to 1, the rest to 0), and releases by locking its slot
// and unlocking the next one. A WG holds at most one ticket, so when ticket t + members is drawn
// ticket t has been released and its slot is 0 again.
struct RingMutex {
  static __device__ unsigned words(unsigned members) { return (1 + members) * kSlotWords; }
  unsigned* tail;
  unsigned* slots;
  unsigned ring;
  unsigned mine = 0;
  __device__ RingMutex(unsigned* inst, unsigned members)
      : tail(inst), slots(inst + kSlotWords), ring(members) {}
  __device__ unsigned* slot(unsigned ticket) const { return slots + (ticket % ring) * kSlotWords; }
  template <class Wait>
  __device__ void acquire() {
    mine = atomicAdd(tail, 1u);
    wait_until<Wait>(slot(mine), 1u);
    __threadfence();
  }
  __device__ void release() {
    __threadfence();
    atomicExch(slot(mine), 0u);
    atomicExch(slot(mine + 1), 1u);
  }
};

// Counting semaphore (SEM): one word holding the free units (the host sets it to the capacity);
// take one with a compare-and-swap when it is non-zero, give it back with an add.
struct Semaphore {
  static __device__ unsigned words(unsigned) { return kSlotWords; }
  unsigned* count;
  __device__ Semaphore(unsigned* inst, unsigned) : count(inst) {}
  template <class Wait>
  __device__ void acquire() {
    Wait wait;
    for (;;) {
      const unsigned free = load(count);
      if (free != 0 && atomicCAS(count, free, free - 1) == free) break;
      wait(count, free == 0 ? 1u : free - 1);
    }
    __threadfence();
  }
  __device__ void release() {
    __threadfence();
    atomicAdd(count, 1u);
  }
};

// WGs sharing one instance: those with the same logical CU.
__device__ __forceinline__ unsigned members_of(unsigned cu, unsigned num_cus) {
  return (gridDim.x - cu + num_cus - 1) / num_cus;
}

// A mutex workload: every WG enters its instance's critical section `rounds` times. Inside,
// every thread does a plain read-modify-write of its word of the instance's `data` row (with a
// delay between the read and the write, so that even the functional executor's coarse
// interleaving of warps loses updates when two WGs are inside at once), and
// thread 0 appends the WG id to the instance's log at the instance's plain counter: lost updates
// or a wrong log show a broken mutual exclusion. `log` holds `log_stride` entries per instance.
template <class Mutex, class Wait>
__device__ void mutex_body(unsigned* sync, unsigned* counter, unsigned* data, unsigned* log,
                           unsigned log_stride, unsigned rounds, unsigned num_cus) {
  const unsigned cu = blockIdx.x % num_cus;
  const unsigned members = (gridDim.x + num_cus - 1) / num_cus;  // ring size: the most per CU
  Mutex mutex(sync + cu * Mutex::words(members), members);
  volatile unsigned* mine = data + cu * kBlock + threadIdx.x;
  for (unsigned r = 0; r < rounds; ++r) {
    if (threadIdx.x == 0) mutex.template acquire<Wait>();
    __syncthreads();
    const unsigned before = *mine;
    delay(kCsDelay);  // widens the window a second WG inside would need to lose an update
    *mine = before + 1;
    if (threadIdx.x == 0) {
      volatile unsigned* count = counter + cu;
      const unsigned old = *count;
      if (old < log_stride) log[cu * log_stride + old] = blockIdx.x;
      *count = old + 1;
    }
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0) mutex.release();
  }
}

// A semaphore workload: every WG takes a unit of its instance `rounds` times. Inside, thread 0
// counts itself in (`inside`, atomically) and raises the instance's `peak`, every thread does a
// plain read-modify-write of its WG's own `data` word, and thread 0 logs the WG id at a position
// taken from `counter` before counting itself out. The check: peak <= capacity, every WG logged
// `rounds` times, its words incremented `rounds` times, the semaphore and `inside` back at rest.
template <class Wait>
__device__ void semaphore_body(unsigned* sync, unsigned* counter, unsigned* data, unsigned* log,
                               unsigned* inside, unsigned* peak, unsigned log_stride,
                               unsigned rounds, unsigned num_cus) {
  const unsigned cu = blockIdx.x % num_cus;
  Semaphore sem(sync + cu * Semaphore::words(0), 0);
  volatile unsigned* mine = data + blockIdx.x * kBlock + threadIdx.x;
  for (unsigned r = 0; r < rounds; ++r) {
    if (threadIdx.x == 0) {
      sem.acquire<Wait>();
      atomicMax(peak + cu, atomicAdd(inside + cu, 1u) + 1);
    }
    __syncthreads();
    const unsigned before = *mine;
    delay(kCsDelay);  // time inside, for the holders of the other units to overlap with
    *mine = before + 1;
    if (threadIdx.x == 0) {
      const unsigned at = atomicAdd(counter + cu, 1u);
      if (at < log_stride) log[cu * log_stride + at] = blockIdx.x;
    }
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0) {
      atomicSub(inside + cu, 1u);
      sem.release();
    }
  }
}

// ---- Barriers: whole-WG calls; `goal` = episodes passed so far + 1 -----------------------------

// Two-level atomic tree barrier (TB): per CU an arrival count and a release flag, then one global
// count and flag. Counts only grow (episode e's last arrival is the (e+1)·n-th), flags hold the
// last episode released. The CU's last WG joins the global level; the last CU's releases it.
// Words: 2·num_cus + 2 slots.
template <class Wait>
__device__ void tree_barrier(unsigned* sync, unsigned num_cus, unsigned goal) {
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) {
    const unsigned cu = blockIdx.x % num_cus;
    const unsigned active = gridDim.x < num_cus ? gridDim.x : num_cus;
    unsigned* local_count = sync + 2 * cu * kSlotWords;
    unsigned* local_flag = local_count + kSlotWords;
    if (atomicAdd(local_count, 1u) == goal * members_of(cu, num_cus) - 1) {
      unsigned* global_count = sync + 2 * num_cus * kSlotWords;
      unsigned* global_flag = global_count + kSlotWords;
      if (atomicAdd(global_count, 1u) == goal * active - 1)
        atomicExch(global_flag, goal);
      else
        wait_until<Wait>(global_flag, goal);
      atomicExch(local_flag, goal);
    } else {
      wait_until<Wait>(local_flag, goal);
    }
    __threadfence();
  }
  __syncthreads();
}

// Decentralized ("lock-free", Xiao and Feng) two-level tree barrier (LFTB): every WG has its own
// arrival and release slot, each written by one WG and read by one. WG cu < num_cus is its CU's
// master: its threads 1.. poll the arrivals of the CU's other WGs (cu + t·num_cus), then the
// master announces the CU at the global level in its own arrival slot, where WG 0's threads poll
// the other masters; releases go back down the same way. Needs members and active CUs <= kBlock.
// Words: 2·G slots (arrivals, then releases).
template <class Wait>
__device__ void lf_tree_barrier(unsigned* sync, unsigned num_cus, unsigned goal) {
  const unsigned b = blockIdx.x;
  const unsigned t = threadIdx.x;
  unsigned* arrive = sync;
  unsigned* release = sync + gridDim.x * kSlotWords;
  __threadfence();
  __syncthreads();
  if (b >= num_cus) {
    if (t == 0) {
      atomicExch(arrive + b * kSlotWords, goal);
      wait_until<Wait>(release + b * kSlotWords, goal);
    }
  } else {
    const unsigned members = members_of(b, num_cus);
    const unsigned active = gridDim.x < num_cus ? gridDim.x : num_cus;
    if (t > 0 && t < members) wait_until<Wait>(arrive + (b + t * num_cus) * kSlotWords, goal);
    __syncthreads();
    if (b == 0) {
      if (t > 0 && t < active) wait_until<Wait>(arrive + t * kSlotWords, goal);
      __syncthreads();
      if (t > 0 && t < active) atomicExch(release + t * kSlotWords, goal);
    } else if (t == 0) {
      atomicExch(arrive + b * kSlotWords, goal);
      wait_until<Wait>(release + b * kSlotWords, goal);
    }
    __syncthreads();
    if (t > 0 && t < members) atomicExch(release + (b + t * num_cus) * kSlotWords, goal);
  }
  __threadfence();
  __syncthreads();
}

// A barrier workload: `episodes` barriers. Before each, every thread writes a value unique to
// (episode, WG, thread) into its WG's row of the episode's half of `data` (double-buffered, so a
// neighbour still reading episode e never sees e+1's write); after it, it reads its neighbour
// WG's row and records what it read in `seen`. A read before the neighbour's write (the barrier
// released early) records 0 or an older episode's value. The neighbour: the next WG of the grid
// (global exchange, HeteroSync's TB_LG / LFTB_LG) or the next WG of the same CU (local exchange,
// *LocalExch, TBEX_LG / LFTBEX_LG).
template <class Wait, bool kLfTree, bool kLocalExchange>
__device__ void barrier_body(unsigned* sync, unsigned* data, unsigned* seen, unsigned episodes,
                             unsigned num_cus) {
  const unsigned b = blockIdx.x;
  const unsigned t = threadIdx.x;
  const unsigned grid = gridDim.x;
  unsigned neighbour = b + 1 < grid ? b + 1 : 0;
  if (kLocalExchange) neighbour = b + num_cus < grid ? b + num_cus : b % num_cus;
  for (unsigned e = 0; e < episodes; ++e) {
    // Work of a length that varies with WG and episode, so that WGs arrive skewed and a barrier
    // that released early would let a WG read a row before its late writer got to it.
    delay(((b * 5 + e * 3) % 8) * kSkewStep);
    volatile unsigned* half = data + (e & 1) * grid * kBlock;
    half[b * kBlock + t] = 1 + (e * grid + b) * kBlock + t;
    if (kLfTree)
      lf_tree_barrier<Wait>(sync, num_cus, e + 1);
    else
      tree_barrier<Wait>(sync, num_cus, e + 1);
    seen[(e * grid + b) * kBlock + t] = half[neighbour * kBlock + t];
  }
}

}  // namespace sync_prims
