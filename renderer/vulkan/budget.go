package vulkan

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"os"
	"strconv"
	"strings"

	vk "github.com/vulkan-go/vulkan"
)

// DefaultSwapchainBudget is the memory the swapchain's colour images and the
// depth image may take, 1 GiB, when neither Options.SwapchainBudget nor
// SwapchainBudgetEnv sets it.
const DefaultSwapchainBudget int64 = 1 << 30

// SwapchainBudgetEnv is the environment variable that sets the swapchain
// memory budget when Options.SwapchainBudget is 0: a byte count, a number
// with a KiB, MiB, GiB or TiB suffix ("2GiB"), or "none" for no limit.
const SwapchainBudgetEnv = "METRONOME_SWAPCHAIN_BUDGET"

// ErrOverBudget is wrapped by the error of a swapchain (or a window size)
// whose images would take more memory than the budget.
var ErrOverBudget = errors.New("over the swapchain memory budget")

// MinSwapchainImages is the fewest colour images a swapchain has (double
// buffering); CheckWindowSize assumes it, as the device is not known yet.
const MinSwapchainImages = 2

// noBudget is the resolved budget that means no limit.
const noBudget = int64(math.MaxInt64)

// SwapchainBudget resolves the budget: option when positive, no limit when
// negative, and for 0 SwapchainBudgetEnv or else DefaultSwapchainBudget.
// A malformed SwapchainBudgetEnv is an error that says what to write.
func SwapchainBudget(option int64) (int64, error) {
	switch {
	case option > 0:
		return option, nil
	case option < 0:
		return noBudget, nil
	}
	s, ok := os.LookupEnv(SwapchainBudgetEnv)
	if !ok || s == "" {
		return DefaultSwapchainBudget, nil
	}
	b, err := parseBytes(s)
	if err != nil {
		return 0, fmt.Errorf("%s=%q: %w", SwapchainBudgetEnv, s, err)
	}
	return b, nil
}

// byteUnits are the suffixes parseBytes accepts, longest first.
var byteUnits = []struct {
	suffix string
	shift  uint
}{{"TiB", 40}, {"GiB", 30}, {"MiB", 20}, {"KiB", 10}, {"B", 0}}

// parseBytes reads "none" (no limit), or a positive whole number of bytes
// with an optional binary suffix.
func parseBytes(s string) (int64, error) {
	const want = "want a positive size such as 1073741824, 512MiB or 2GiB, or none for no limit"
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "none") {
		return noBudget, nil
	}
	var shift uint
	for _, u := range byteUnits {
		if num, ok := strings.CutSuffix(s, u.suffix); ok {
			s, shift = strings.TrimSpace(num), u.shift
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, errors.New(want)
	}
	if n > math.MaxInt64>>shift {
		return 0, fmt.Errorf("overflows 2^63 bytes: %s", want)
	}
	return n << shift, nil
}

// SwapchainBytes returns what a w x h swapchain of images colour images
// (colourBytes per pixel) and one depth image (depthBytes per pixel) take,
// before the driver's padding and alignment; it saturates at MaxUint64, and
// a negative argument gives 0.
func SwapchainBytes(w, h, images, colourBytes, depthBytes int) uint64 {
	if w < 0 || h < 0 || images < 0 || colourBytes < 0 || depthBytes < 0 {
		return 0
	}
	perPixel := addSat(mulSat(uint64(images), uint64(colourBytes)), uint64(depthBytes))
	return mulSat(mulSat(uint64(w), uint64(h)), perPixel)
}

// mulSat is a*b, saturating at MaxUint64.
func mulSat(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

// addSat is a+b, saturating at MaxUint64.
func addSat(a, b uint64) uint64 {
	s, carry := bits.Add64(a, b, 0)
	if carry != 0 {
		return math.MaxUint64
	}
	return s
}

// checkBudget fails, wrapping ErrOverBudget, when need exceeds budget; what
// names the swapchain or the window for the message.
func checkBudget(what string, need uint64, budget int64) error {
	if budget <= 0 || budget == noBudget || need <= uint64(budget) {
		return nil
	}
	return fmt.Errorf("%s needs %s, %w of %s: ask for a smaller size, or raise the budget "+
		"(%s=%s, or the renderer's SwapchainBudget option; none for no limit)",
		what, formatBytes(need), ErrOverBudget, formatBytes(uint64(budget)), SwapchainBudgetEnv, suggestBudget(need))
}

// suggestBudget returns a SwapchainBudgetEnv value that admits need: need
// rounded up to whole MiB or, from 1 GiB, whole GiB.
func suggestBudget(need uint64) string {
	if need > math.MaxInt64>>1 {
		return "none"
	}
	unit, name := uint64(1)<<20, "MiB"
	if need >= 1<<30 {
		unit, name = 1<<30, "GiB"
	}
	return strconv.FormatUint((need+unit-1)/unit, 10) + name
}

// CheckSwapchain is the budget check where the swapchain's extent is known:
// images colour images of colourBytes per pixel and one depth image of
// depthBytes per pixel, w x h each, against budget (resolved, see
// SwapchainBudget). The error wraps ErrOverBudget and names the budget and
// how to change it.
func CheckSwapchain(w, h, images, colourBytes, depthBytes int, budget int64) error {
	need := SwapchainBytes(w, h, images, colourBytes, depthBytes)
	what := fmt.Sprintf("a %dx%d swapchain (%d images of %d bytes a pixel and a depth image of %d)",
		w, h, images, colourBytes, depthBytes)
	return checkBudget(what, need, budget)
}

// CheckWindowSize is the budget check for a window size asked for before
// any device exists: it assumes the least any swapchain takes
// (MinSwapchainImages colour images and a depth image, 4 bytes a pixel
// each), so it refuses only sizes that exceed budget whatever the device
// chooses; the renderer checks the real swapchain again (CheckSwapchain).
func CheckWindowSize(w, h int, budget int64) error {
	need := SwapchainBytes(w, h, MinSwapchainImages, 4, 4)
	what := fmt.Sprintf("a %dx%d window (at least %d swapchain images and a depth image of 4 bytes a pixel)",
		w, h, MinSwapchainImages)
	return checkBudget(what, need, budget)
}

// formatBytes prints n in the largest binary unit that keeps one decimal.
func formatBytes(n uint64) string {
	for _, u := range byteUnits[:4] {
		if n >= 1<<u.shift {
			return strconv.FormatFloat(float64(n)/float64(uint64(1)<<u.shift), 'f', 1, 64) + " " + u.suffix
		}
	}
	return strconv.FormatUint(n, 10) + " B"
}

// formatSize returns the bytes a pixel of a colour or depth format takes
// (4 for the formats this package chooses).
func formatSize(f vk.Format) int {
	switch f {
	case vk.FormatD16Unorm:
		return 2
	case vk.FormatR16g16b16a16Sfloat, vk.FormatR16g16b16a16Unorm, vk.FormatD32SfloatS8Uint:
		return 8
	case vk.FormatR32g32b32a32Sfloat:
		return 16
	}
	return 4
}
