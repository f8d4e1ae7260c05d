package vulkan

import (
	"errors"
	"testing"

	vk "github.com/vulkan-go/vulkan"
)

func TestResultPrintsNameAndValue(t *testing.T) {
	cases := map[Result]string{
		ErrOutOfDate:          "VK_ERROR_OUT_OF_DATE_KHR (-1000001004)",
		ErrDeviceLost:         "VK_ERROR_DEVICE_LOST (-4)",
		Result(vk.Suboptimal): "VK_SUBOPTIMAL_KHR (1000001003)",
		Result(-123456):       "VkResult(-123456) (-123456)",
		ErrIncompatibleDriver: "VK_ERROR_INCOMPATIBLE_DRIVER (-9)",
	}
	for r, want := range cases {
		if got := r.Error(); got != want {
			t.Errorf("Result(%d).Error() = %q, want %q", int32(r), got, want)
		}
	}
}

func TestCallErrWrapsResultForErrorsIs(t *testing.T) {
	if err := callErr("op", "vkCall", vk.Success); err != nil {
		t.Fatalf("callErr(Success) = %v, want nil", err)
	}
	err := callErr("acquire image", "vkAcquireNextImageKHR", vk.ErrorOutOfDate)
	if !errors.Is(err, ErrOutOfDate) {
		t.Errorf("errors.Is(%v, ErrOutOfDate) = false", err)
	}
	if errors.Is(err, ErrDeviceLost) {
		t.Errorf("errors.Is(%v, ErrDeviceLost) = true", err)
	}
	want := "acquire image: vkAcquireNextImageKHR: VK_ERROR_OUT_OF_DATE_KHR (-1000001004)"
	if err.Error() != want {
		t.Errorf("got %q, want %q", err, want)
	}
	var r Result
	if !errors.As(err, &r) || r != ErrOutOfDate {
		t.Errorf("errors.As gave %v", r)
	}
}
